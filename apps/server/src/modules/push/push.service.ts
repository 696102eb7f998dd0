import { PUSH_SUBSCRIPTIONS_PER_USER } from '@scrim-gym/shared';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { assertAcceptedEndpoint, endpointRulesOf } from './push.policy.js';
import { deleteUserSubscription, trimUserSubscriptions, upsertSubscription } from './push.repository.js';
import { vapidKeys } from './push.vapid.js';

export interface PushServiceDeps {
  db: Database;
  config: AppConfig;
}

/** The VAPID public key browsers subscribe with (`applicationServerKey`). */
export async function publicKey(deps: PushServiceDeps) {
  return (await vapidKeys(deps)).publicKey;
}

/**
 * Subscribes this browser for `userId` in the session `sessionTokenHash` (an endpoint is one browser: it belongs
 * to the last user who subscribed it, and goes when that session ends), keeping the user's
 * PUSH_SUBSCRIPTIONS_PER_USER newest subscriptions.
 */
export async function subscribe({
  deps,
  userId,
  sessionTokenHash,
  subscription,
}: {
  deps: PushServiceDeps;
  userId: string;
  sessionTokenHash: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}) {
  const { endpoint, keys } = subscription;
  assertAcceptedEndpoint(endpoint, endpointRulesOf(deps.config));
  await deps.db.transaction(async (tx) => {
    await upsertSubscription({ db: tx, userId, sessionTokenHash, endpoint, p256dh: keys.p256dh, auth: keys.auth });
    await trimUserSubscriptions({ db: tx, userId, keep: PUSH_SUBSCRIPTIONS_PER_USER });
  });
  return { endpoint };
}

/** Removes `userId`'s subscription with this endpoint; none (or someone else's) changes nothing. */
export async function unsubscribe({
  deps,
  userId,
  endpoint,
}: {
  deps: PushServiceDeps;
  userId: string;
  endpoint: string;
}) {
  await deleteUserSubscription({ db: deps.db, userId, endpoint });
}
