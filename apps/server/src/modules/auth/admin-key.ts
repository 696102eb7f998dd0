import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@scrim-gym/shared';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import { createRateLimiter } from '../../lib/rate-limit.js';
import { limitRequests } from '../../lib/rate-limit-hook.js';
import { secretsEqual } from '../../lib/tokens.js';
import type { RedisHandle } from '../../lib/redis.js';
import { AUDIT_ACTIONS, writeAudit } from '../audit/index.js';

/**
 * Admin key tries: 10 per user and 30 per client address, then one a minute each, over every instance. Every
 * try spends a token before the key is compared, so once the budget is spent even the right key waits.
 */
export const ADMIN_KEY_USER_BURST = 10;
export const ADMIN_KEY_ADDRESS_BURST = 30;
export const ADMIN_KEY_TRIES_PER_SECOND = 1 / 60;

const carriesAdminKey = (request: FastifyRequest) => {
  const body = request.body as { adminKey?: unknown } | undefined;
  return typeof body?.adminKey === 'string' && body.adminKey !== '';
};

/** preHandlers of PUT /auth/update-user: the user's budget, then the address's, for calls that carry a key. */
export function limitAdminKeyTries(redis: RedisHandle | null) {
  const limit = (name: string, capacity: number, keyOf: (request: FastifyRequest) => string | undefined) =>
    limitRequests({
      limiter: createRateLimiter({ redis, name, capacity, refillPerSecond: ADMIN_KEY_TRIES_PER_SECOND }),
      keyOf: (request) => (carriesAdminKey(request) ? (keyOf(request) ?? null) : null),
    });
  return [
    limit('admin-key-user', ADMIN_KEY_USER_BURST, (request) => request.auth.user?.id),
    limit('admin-key-address', ADMIN_KEY_ADDRESS_BURST, (request) => request.ip),
  ];
}

/**
 * The key must match ADMIN_KEY (compared in constant time; no key configured matches nothing). A wrong key is a
 * 403, and the try is written to the audit log with the address it came from: guessing leaves a trace.
 */
export async function assertAdminKey({
  db,
  config,
  userId,
  adminKey,
  ip,
}: {
  db: Database;
  config: AppConfig;
  userId: string;
  adminKey: string;
  ip: string;
}) {
  if (config.ADMIN_KEY && secretsEqual(adminKey, config.ADMIN_KEY)) return;
  await writeAudit({
    db,
    entries: [{ actorId: userId, action: AUDIT_ACTIONS.adminKeyFailed, targetUserId: userId, details: { ip } }],
  });
  throw forbidden(MESSAGES.badAdminKey, 'BAD_ADMIN_KEY');
}
