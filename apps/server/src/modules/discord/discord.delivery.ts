/**
 * Posting one announcement to a region's webhook, for every kind of announcement job (a public scrim's, the board's):
 * the webhook read now, Discord's answer recorded as the webhook's last delivery, and that answer turned into what
 * the job runner does next. 5xx, a timeout or the network: retried with the runner's backoff; 429: retried at
 * Discord's retry_after (RetryLaterError); 401/404: the webhook was deleted in Discord, so it is removed (if it is
 * still that URL) with an audit row and the job gives up; another 4xx: given up.
 */
import { maskWebhookUrl, type Region } from '@scrim-gym/shared';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { PermanentJobError, RetryLaterError, type JobContext, type JobRunner } from '../../jobs/index.js';
import { AUDIT_ACTIONS, writeAudit } from '../audit/index.js';
import { describeOutcome, executeWebhook, type WebhookOutcome } from './discord.client.js';
import type { WebhookPayload } from './discord.embeds.js';
import { isAllowedWebhookUrl } from './discord.policy.js';
import { deleteWebhookIfUrl, findWebhook, recordDelivery, type DiscordWebhookRow } from './discord.repository.js';

export interface DiscordDeps {
  db: Database;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT' | 'isProduction' | 'DISCORD_WEBHOOK_TIMEOUT_MS'>;
  /** Woken after a post is scheduled, so it goes out now rather than at the next poll. */
  jobs?: Pick<JobRunner, 'wake'>;
}

/** The site's address, for the links of the posts. */
export const siteUrl = (config: DiscordDeps['config']) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/** The webhook was deleted in Discord: the region stops posting to it (unless an admin set another meanwhile). */
export async function removeGoneWebhook(db: Database, region: Region, url: string, status: number) {
  await db.transaction(async (tx) => {
    if (!(await deleteWebhookIfUrl({ db: tx, region, url }))) return;
    await writeAudit({
      db: tx,
      entries: [
        {
          actorId: null,
          action: AUDIT_ACTIONS.discordWebhookGone,
          details: { region, url: maskWebhookUrl(url), status },
        },
      ],
    });
  });
}

export const noteDelivery = (db: Database, webhook: DiscordWebhookRow, outcome: WebhookOutcome) =>
  recordDelivery({ db, region: webhook.region, url: webhook.url, ...describeOutcome(outcome) });

/**
 * Posts `payload` to the region's webhook now (nothing when the region has none, or one this environment may not
 * call), and throws what the runner should do when Discord did not take it. `what` names the post in job errors.
 */
export async function deliverToRegion({
  deps,
  region,
  payload,
  what,
  signal,
}: {
  deps: DiscordDeps;
  region: Region;
  payload: WebhookPayload;
  what: string;
  signal?: JobContext['signal'];
}) {
  const webhook = await findWebhook({ db: deps.db, region });
  if (!webhook || !isAllowedWebhookUrl(webhook.url, deps.config)) return;

  const outcome = await executeWebhook({
    url: webhook.url,
    payload,
    timeoutMs: deps.config.DISCORD_WEBHOOK_TIMEOUT_MS,
    signal,
  });
  if (outcome.kind !== 'gone') await noteDelivery(deps.db, webhook, outcome);
  switch (outcome.kind) {
    case 'posted':
      return;
    case 'rate-limited':
      throw new RetryLaterError(
        `Discord rate limit (429): retry after ${outcome.retryAfterMs} ms`,
        new Date(Date.now() + outcome.retryAfterMs),
      );
    case 'gone':
      await removeGoneWebhook(deps.db, region, webhook.url, outcome.status);
      throw new PermanentJobError(`The ${region} webhook answered ${outcome.status} (deleted in Discord): removed`);
    case 'refused':
      throw new PermanentJobError(`Discord refused the ${what} post (${outcome.status})`);
    case 'failed':
      throw new Error(`The ${what} post failed: ${outcome.reason}`);
  }
}
