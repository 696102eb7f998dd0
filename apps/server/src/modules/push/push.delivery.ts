import { request as httpRequest, type Agent } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import { z } from 'zod';
import {
  PUSH_MESSAGES,
  isPushedNotificationKind,
  seriesAlertPath,
  pushPayloadSchema,
  type Notification,
  type PushPayload,
} from '@scrim-gym/shared';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { PermanentJobError, scheduleJob, type ClaimedJob, type JobLogger, type JobRunner } from '../../jobs/index.js';
import type { StoredNotification } from '../notifications/index.js';
import { endpointRulesOf, isAcceptedEndpoint, pushAgentFor, type EndpointRules } from './push.policy.js';
import {
  deleteStaleSubscription,
  findSubscriptionsOf,
  markDelivered,
  usersWithSubscriptions,
  type PushSubscriptionRow,
} from './push.repository.js';
import { vapidKeys, type VapidKeys } from './push.vapid.js';

export const PUSH_SEND_JOB = 'push.send';
/** A push still unsent this long after its notification is dropped: "check-in is open" an hour late helps no one. */
export const PUSH_MAX_AGE_MS = 15 * 60_000;
/** How long a push service keeps a push for a device that is offline (seconds). */
const PUSH_TTL_SECONDS = 15 * 60;
/** Pushes in flight at once per job, and the longest wait for a push service's answer. */
const SEND_CONCURRENCY = 8;
const SEND_TIMEOUT_MS = 10_000;
/** Push services take about 4 KB of payload; the notification's text is cut well below. */
const BODY_MAX_LENGTH = 1000;

export interface PushDeps {
  db: Database;
  config: AppConfig;
  log: JobLogger;
}

/**
 * What an alert shows on a device: the app's name, the notification's own text (never a lobby name, password or
 * tournament code: those are only inside the app, after a click), the page it is about (the scrim's, or for a
 * 'series_alert' the series' or the board), and a tag per scrim or series (a newer push about it replaces the
 * older one on the device).
 */
export function pushPayloadOf(notification: Notification): PushPayload {
  const scrimId = notification._relatedScrim?._id;
  const seriesId = notification._relatedSeries?._id;
  const body = notification.message.slice(0, BODY_MAX_LENGTH);
  if (notification.kind === 'series_alert')
    return {
      title: PUSH_MESSAGES.pushTitle,
      body,
      url: seriesAlertPath(notification),
      tag: seriesId ? `series-${seriesId}` : `notification-${notification._id}`,
    };
  return {
    title: PUSH_MESSAGES.pushTitle,
    body,
    url: scrimId ? `/scrims/${scrimId}` : '/scrims',
    tag: scrimId ? `scrim-${scrimId}` : `notification-${notification._id}`,
  };
}

const queuedPushSchema = z.object({ userId: z.string(), createdAt: z.string(), payload: pushPayloadSchema });
const pushJobPayloadSchema = z.object({ pushes: z.array(queuedPushSchema) });
type QueuedPush = z.infer<typeof queuedPushSchema>;

/**
 * After the commit that published `stored`: its scrim and series alerts whose owners have a device subscribed go into one
 * 'push.send' job (keyed by the batch's first notification: published twice, it is still sent once).
 */
export async function queuePushes({ db, jobs }: { db: Database; jobs: JobRunner }, stored: StoredNotification[]) {
  const alerts = stored.filter(({ notification }) => isPushedNotificationKind(notification.kind));
  if (alerts.length === 0) return;
  const subscribed = new Set(await usersWithSubscriptions({ db, userIds: [...new Set(alerts.map((a) => a.userId))] }));
  const pushes: QueuedPush[] = alerts
    .filter(({ userId }) => subscribed.has(userId))
    .map(({ userId, notification }) => ({
      userId,
      createdAt: notification.createdAt,
      payload: pushPayloadOf(notification),
    }));
  if (pushes.length === 0) return;
  await scheduleJob({
    db,
    kind: PUSH_SEND_JOB,
    // Due when the notification was written, not now(): a second schedule of the same batch is then the same
    // job (a no-op) instead of a new run time, which would release a running send's claim and send it again.
    runAt: new Date(alerts[0]!.notification.createdAt),
    payload: { pushes },
    dedupeKey: `push:${alerts[0]!.notification._id}`,
    ifCompleted: 'keep',
  });
  jobs.wake();
}

type Outcome = 'delivered' | 'gone' | 'failed';

/** POSTs `request` through `agent` (no redirects followed); resolves with the push service's status. */
function post(request: webpush.RequestDetails, agent: Agent): Promise<number> {
  const send = request.endpoint.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      request.endpoint,
      { method: 'POST', headers: request.headers, agent, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

/**
 * Encrypts `payload` for the subscription (aes128gcm, RFC 8291), signs with VAPID and POSTs it to its push service
 * through the filtering agent (web-push's own sender speaks https only; the local fake push service is http).
 */
async function sendOne(
  subscription: PushSubscriptionRow,
  payload: PushPayload,
  { keys, subject, rules }: { keys: VapidKeys; subject: string; rules: EndpointRules },
): Promise<{ outcome: Outcome; status?: number }> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const status = await post(request, pushAgentFor(subscription.endpoint, rules));
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  // RFC 8030: 404 and 410 mean the subscription expired or was unsubscribed; it will never work again.
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  return { outcome: 'failed', status };
}

/** Runs `tasks` with at most `limit` in flight. */
async function runBounded(tasks: (() => Promise<void>)[], limit: number) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/**
 * 'push.send': each queued push to every current subscription of its owner, a few at a time. A push service's
 * refusal or silence is logged quietly and never retried (the notification is in the app anyway; a retry would
 * push twice to the devices that got it); 404/410 delete the subscription; success stamps last_success_at. Only
 * a database failure before sending throws (the runner retries it).
 */
export async function sendQueuedPushes(deps: PushDeps, job: ClaimedJob) {
  const parsed = pushJobPayloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError(`job ${job.id} has no pushes`);
  const fresh = parsed.data.pushes.filter(({ createdAt }) => Date.now() - Date.parse(createdAt) <= PUSH_MAX_AGE_MS);
  if (fresh.length === 0) return;
  const subscriptions = await findSubscriptionsOf({ db: deps.db, userIds: [...new Set(fresh.map((p) => p.userId))] });
  if (subscriptions.length === 0) return;
  const rules = endpointRulesOf(deps.config);
  const signing = { keys: await vapidKeys(deps), subject: deps.config.vapidSubject, rules };
  const tasks = fresh.flatMap(({ userId, payload }) =>
    subscriptions
      .filter((s) => s.userId === userId && isAcceptedEndpoint(s.endpoint, rules))
      .map((subscription) => async () => {
        const fields = { jobId: job.id, subscriptionId: subscription.id, userId };
        try {
          const { outcome, status } = await sendOne(subscription, payload, signing);
          if (outcome === 'delivered') await markDelivered({ db: deps.db, id: subscription.id });
          else if (outcome === 'gone') await deleteStaleSubscription({ db: deps.db, subscription });
          if (outcome === 'failed') deps.log.info({ ...fields, status }, 'push: the push service refused the push');
          else deps.log.debug({ ...fields, status, outcome }, 'push: sent');
        } catch (error) {
          deps.log.info(
            { ...fields, error: String(error) },
            'push: sending failed (the notification stays in the app)',
          );
        }
      }),
  );
  await runBounded(tasks, SEND_CONCURRENCY);
}
