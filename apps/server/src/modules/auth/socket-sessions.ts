import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { anonymousAuth, assertActiveUser } from './auth.policy.js';
import { findLiveSessionTokenHashes } from './auth.repository.js';
import type { SessionCache } from './session-cache.js';
import { sessionRoom, userRoom } from '../../plugins/socket-rooms.js';
import type { AppServer, AppSocket } from '../../plugins/socket-types.js';

/*
 * A socket lives no longer than the session it was authenticated with. Whoever ends a session (logout, a ban, an
 * account deletion) disconnects its sockets through the adapter, on every instance; every instance also checks
 * its own sockets' sessions periodically (expiry, rows deleted behind the app's back) and before each event that
 * writes or joins rooms.
 */

type Rooms = Pick<AppServer, 'in'>;

/** Disconnects every socket authenticated with this session (the SHA-256 of its token), on every instance. */
export function endSessionSockets({ io, tokenHash }: { io: Rooms; tokenHash: string }) {
  io.in(sessionRoom(tokenHash)).disconnectSockets(true);
}

/** Disconnects every socket of a user, on every instance: a ban, the account's deletion. */
export function endUserSockets({ io, userId }: { io: Rooms; userId: string }) {
  io.in(userRoom(userId)).disconnectSockets(true);
}

/**
 * The session behind a socket, checked again as the HTTP API checks a request (the same session cache, then one
 * look-up by primary key): throws 401 when it is gone or expired, NO_ACCOUNT when its user is, BANNED under a ban.
 */
export async function assertSocketSession({ sessions, tokenHash }: { sessions: SessionCache; tokenHash: string }) {
  const found = await sessions.get(tokenHash);
  return assertActiveUser(found ? { token: null, tokenHash, ...found } : anonymousAuth);
}

/** Sessions looked up per query by the periodic check. */
const CHECK_BATCH = 500;

/**
 * Every `intervalMs`, this instance's sockets whose session no longer signs anyone in are disconnected: one
 * query per CHECK_BATCH distinct sessions. A failed check (database out of reach) disconnects nobody; the next
 * one tries again. `check()` runs one now (tests); `stop()` ends the timer.
 */
export function watchSocketSessions({
  io,
  db,
  intervalMs,
  log,
  tokenHashOf,
}: {
  io: AppServer;
  db: DbOrTx;
  intervalMs: number;
  log: FastifyBaseLogger;
  tokenHashOf: (socket: AppSocket) => string;
}) {
  let running: Promise<void> | null = null;

  async function checkAll() {
    const byTokenHash = new Map<string, AppSocket[]>();
    // Only this instance's sockets: every instance checks its own.
    for (const socket of io.of('/').sockets.values()) {
      const tokenHash = tokenHashOf(socket);
      byTokenHash.set(tokenHash, [...(byTokenHash.get(tokenHash) ?? []), socket]);
    }
    const tokenHashes = [...byTokenHash.keys()];
    for (let i = 0; i < tokenHashes.length; i += CHECK_BATCH) {
      const batch = tokenHashes.slice(i, i + CHECK_BATCH);
      const live = await findLiveSessionTokenHashes({ db, tokenHashes: batch });
      for (const tokenHash of batch) {
        if (live.has(tokenHash)) continue;
        for (const socket of byTokenHash.get(tokenHash) ?? []) socket.disconnect(true);
      }
    }
  }

  function check() {
    running ??= checkAll()
      .catch((err) => log.warn({ err }, 'socket sessions: the periodic check failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
