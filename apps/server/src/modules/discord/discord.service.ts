/**
 * Discord announcements: admins set one webhook per region; the region's public scrims are posted there
 * when created, at "2 spots left" (8 of 10 players), when the lobby is full, when the result is confirmed and when
 * an announced scrim is cancelled. Each webhook keeps its last delivery (posts and admins' test messages).
 *
 * - Each post is a 'discord.announce' job keyed `discord:<scrimId>:<announcement>`, scheduled after the scrim's
 *   change committed (scrims' lifecycle events): the unique key makes it once per scrim across instances and
 *   restarts (`ifCompleted: 'keep'`: a post that was sent, or given up, is never armed again), and the scrim's
 *   action never waits for Discord. A result has one key too; a different confirmed winner later re-arms it
 *   (a "Result corrected" post). "Spots left" waits a minute (SPOTS_LEFT_DELAY_MS) and is not posted when the lobby
 *   filled meanwhile: only "Lobby full" then.
 * - The job reads the scrim when it runs and posts only what is still true (still public, not full yet for
 *   "spots left", the same winner), so a post never leaks a scrim made private meanwhile.
 * - Failures (discord.delivery.ts, shared with the board's announcements): 5xx, a timeout or the network are
 *   retried with the runner's backoff; a 429 at Discord's retry_after (RetryLaterError); both within the runner's
 *   attempts. 401/404 means the webhook was deleted in Discord: the job gives up and the region's webhook is
 *   removed (if it is still that URL), with an audit row, so the next scrims do not fail again; the admins see
 *   "No webhook" and set a new one.
 */
import { DISCORD_MESSAGES, maskWebhookUrl, type DiscordWebhook, type Region, type TeamName } from '@scrim-gym/shared';
import {
  cancelJob,
  findJobs,
  PermanentJobError,
  scheduleJob,
  type ClaimedJob,
  type JobContext,
} from '../../jobs/index.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { AUDIT_ACTIONS, writeAudit } from '../audit/index.js';
import { getScrimAggregate, type ScrimAggregate } from '../scrims/index.js';
import { describeOutcome, executeWebhook } from './discord.client.js';
import { deliverToRegion, noteDelivery, removeGoneWebhook, siteUrl, type DiscordDeps } from './discord.delivery.js';
import {
  ANNOUNCEMENTS,
  buildAnnouncement,
  isAnnounceable,
  isCancelledPublicly,
  playerCount,
  testPayload,
  type Announcement,
} from './discord.embeds.js';
import { assertAllowedWebhookUrl } from './discord.policy.js';
import { presentWebhook, presentWebhooks } from './discord.presenter.js';
import { deleteWebhook, findWebhook, findWebhooks, lockWebhook, upsertWebhook } from './discord.repository.js';

export type { DiscordDeps } from './discord.delivery.js';
export const DISCORD_ANNOUNCE_JOB = 'discord.announce';
/** How long "2 spots left" waits: a lobby that fills within it is announced once, as full. */
export const SPOTS_LEFT_DELAY_MS = 60_000;
export const announcementKey = (scrimId: string, announcement: Announcement) => `discord:${scrimId}:${announcement}`;

// --- The admins' settings

/** GET /api/admin/regions/discord-webhooks. */
export async function listWebhooks({ db }: { db: Database }): Promise<DiscordWebhook[]> {
  return presentWebhooks(await findWebhooks({ db }));
}

/**
 * PUT /api/admin/regions/:region/discord-webhook: sets (url) or removes (null) the region's webhook, with an audit
 * row that names the URL masked. Removing a region without one changes nothing (200, no audit row).
 */
export async function setWebhook({
  deps,
  adminId,
  region,
  url,
}: {
  deps: Pick<DiscordDeps, 'db' | 'config'>;
  adminId: string;
  region: Region;
  url: string | null;
}): Promise<DiscordWebhook> {
  if (url !== null) assertAllowedWebhookUrl(url, deps.config);
  return deps.db.transaction(async (tx) => {
    const previous = await lockWebhook({ db: tx, region });
    const previousMasked = previous ? maskWebhookUrl(previous.url) : null;
    if (url === null) {
      if (previous) {
        await deleteWebhook({ db: tx, region });
        await writeAudit({
          db: tx,
          entries: [
            { actorId: adminId, action: AUDIT_ACTIONS.discordWebhookRemove, details: { region, url: previousMasked } },
          ],
        });
      }
      return presentWebhook(region, null);
    }
    const row = await upsertWebhook({ db: tx, region, url, updatedBy: adminId });
    await writeAudit({
      db: tx,
      entries: [
        {
          actorId: adminId,
          action: AUDIT_ACTIONS.discordWebhookSet,
          details: { region, url: maskWebhookUrl(url), previous: previousMasked },
        },
      ],
    });
    return presentWebhook(region, row);
  });
}

// --- Scheduling the posts

interface AnnouncePayload {
  scrimId: string;
  announcement: Announcement;
  /** `result`: the winner announced, and the one an earlier post announced (a correction), if any. */
  team?: TeamName;
  previousTeam?: TeamName | null;
}

/** What the scrim, as it is now, calls for; "spots left" and "full" exclude each other, as a winner excludes both. */
function announcementsDue(aggregate: ScrimAggregate, created: boolean): Announcement[] {
  if (isCancelledPublicly(aggregate)) return ['cancelled'];
  if (!isAnnounceable(aggregate)) return [];
  if (created) return ['created'];
  const { scrim } = aggregate;
  if (scrim.teamWon) return scrim.resultStatus === 'confirmed' ? ['result'] : [];
  const players = playerCount(aggregate);
  if (players >= 10) return ['full'];
  return players >= 8 ? ['spots-left'] : [];
}

async function scheduleAnnouncement(deps: DiscordDeps, aggregate: ScrimAggregate, announcement: Announcement) {
  const { scrim } = aggregate;
  const scrimId = scrim.id;
  const dedupeKey = announcementKey(scrimId, announcement);
  // A schedule of a pending job with another runAt would move it: re-running one in flight (a second post) or
  // skipping its backoff. So a job that exists is left alone, and a new one gets a runAt every instance computes
  // alike from the scrim (in the past: due now), so that two instances scheduling it at once make one job.
  const [existing] = await findJobs({ db: deps.db, dedupeKey });
  // Only a scrim the channel was told of is announced as cancelled.
  if (
    announcement === 'cancelled' &&
    !(await findJobs({ db: deps.db, dedupeKey: announcementKey(scrimId, 'created') }))[0]
  )
    return;
  if (announcement !== 'result') {
    if (existing) return;
    await scheduleJob({
      db: deps.db,
      kind: DISCORD_ANNOUNCE_JOB,
      // Two instances scheduling it at once make one job (the dedupe key); the later runAt of "spots left" only
      // moves a job that has not run yet.
      runAt: announcement === 'spots-left' ? new Date(Date.now() + SPOTS_LEFT_DELAY_MS) : scrim.createdAt,
      payload: { scrimId, announcement } satisfies AnnouncePayload,
      dedupeKey,
      ifCompleted: 'keep',
    });
    return;
  }
  const team = scrim.teamWon!;
  const existingTeam = (existing?.payload as Partial<AnnouncePayload> | undefined)?.team;
  if (existingTeam === team) return;
  // A first result: 'keep', so two instances racing on it post once. Another winner than the one scheduled or
  // posted: the job is re-armed (or its pending run replaced) for a correction.
  const previousTeam = existing?.completedAt && existing.lastError === null ? (existingTeam ?? null) : null;
  await scheduleJob({
    db: deps.db,
    kind: DISCORD_ANNOUNCE_JOB,
    runAt: scrim.resultConfirmedAt ?? scrim.createdAt,
    payload: { scrimId, announcement, team, previousTeam } satisfies AnnouncePayload,
    dedupeKey,
    ifCompleted: existing ? 'replace' : 'keep',
  });
}

/**
 * After a scrim was created or changed (lifecycle events, after the commit): schedules the posts it now calls for,
 * when its region has a webhook. Nothing is sent here; the job does it.
 */
export async function announceScrim(deps: DiscordDeps, aggregate: ScrimAggregate, { created = false } = {}) {
  const due = announcementsDue(aggregate, created);
  if (due.length === 0) return;
  if (!(await findWebhook({ db: deps.db, region: aggregate.scrim.region }))) return;
  for (const announcement of due) await scheduleAnnouncement(deps, aggregate, announcement);
  deps.jobs?.wake();
}

/** A deleted scrim: its posts not sent yet are dropped (sent ones stay as history). */
export async function forgetScrim({ db, scrimId }: { db: Database; scrimId: string }) {
  for (const announcement of ANNOUNCEMENTS) await cancelJob({ db, dedupeKey: announcementKey(scrimId, announcement) });
}

// --- Sending

function payloadOf(job: ClaimedJob): AnnouncePayload {
  const payload = job.payload as Partial<AnnouncePayload>;
  if (typeof payload.scrimId !== 'string' || !ANNOUNCEMENTS.includes(payload.announcement as Announcement)) {
    throw new PermanentJobError(`job ${job.id} has no scrimId or announcement`);
  }
  return payload as AnnouncePayload;
}

const scrimLink = (config: DiscordDeps['config'], scrimId: string) => `${siteUrl(config)}/scrims/${scrimId}`;

/**
 * 'discord.announce': posts one announcement to the scrim's region's webhook. Idempotent in effect: it reads the
 * scrim and the webhook now, and posts nothing when the scrim, the announcement or the webhook no longer applies.
 * (A crash after Discord accepted the post but before the job completed may post it twice: at-least-once.)
 */
export async function handleAnnounceJob(deps: DiscordDeps, job: ClaimedJob, context?: Pick<JobContext, 'signal'>) {
  const { scrimId, announcement, team, previousTeam } = payloadOf(job);
  const aggregate = await getScrimAggregate({ db: deps.db, id: scrimId });
  if (!aggregate) return;
  const payload = buildAnnouncement(aggregate, announcement, {
    link: scrimLink(deps.config, scrimId),
    team,
    corrected: Boolean(previousTeam && previousTeam !== team),
  });
  if (!payload) return;
  await deliverToRegion({ deps, region: aggregate.scrim.region, payload, what: announcement, signal: context?.signal });
}

/**
 * POST /api/admin/regions/:region/discord-webhook/test: posts a test message to the region's webhook now and
 * answers the webhook with that delivery as its last (404 NO_WEBHOOK when the region has none). A webhook Discord
 * says was deleted is removed, as after a post.
 */
export async function testWebhook({
  deps,
  region,
}: {
  deps: Pick<DiscordDeps, 'db' | 'config'>;
  region: Region;
}): Promise<DiscordWebhook> {
  const webhook = await findWebhook({ db: deps.db, region });
  if (!webhook) throw notFound(DISCORD_MESSAGES.noWebhook, 'NO_WEBHOOK');
  assertAllowedWebhookUrl(webhook.url, deps.config);
  const outcome = await executeWebhook({
    url: webhook.url,
    payload: testPayload({ region, link: `${siteUrl(deps.config)}/` }),
    timeoutMs: deps.config.DISCORD_WEBHOOK_TIMEOUT_MS,
  });
  if (outcome.kind === 'gone') {
    await removeGoneWebhook(deps.db, region, webhook.url, outcome.status);
    throw notFound(`${DISCORD_MESSAGES.testFailed(region, describeOutcome(outcome).status)}`, 'NO_WEBHOOK');
  }
  return presentWebhook(
    region,
    (await noteDelivery(deps.db, webhook, outcome)) ?? (await findWebhook({ db: deps.db, region })),
  );
}
