import { SOCKET_EVENTS, type Presence } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { presenceRoom, userRoom, type AppServer, type SocketData } from '../../plugins/io.js';
import { areInCircle, findLastSeen } from './presence.repository.js';

export interface PresenceDeps {
  db: DbOrTx;
  io: AppServer;
}

/**
 * Which of `userIds` have a connected socket, on any instance: one adapter-wide query of their `user:<id>`
 * rooms (with the Redis adapter, every instance answers), so several tabs and several servers count right.
 */
export async function findOnlineUserIds({ io, userIds }: { io: AppServer; userIds: string[] }) {
  if (userIds.length === 0) return new Set<string>();
  const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
  return new Set(sockets.map((s) => (s.data as SocketData).userId));
}

/** Presence entries of `userIds` (unknown ids are left out). Never carries socket ids. */
export async function findPresence({ deps, userIds }: { deps: PresenceDeps; userIds: string[] }): Promise<Presence[]> {
  const [online, rows] = await Promise.all([
    findOnlineUserIds({ io: deps.io, userIds }),
    findLastSeen({ db: deps.db, userIds }),
  ]);
  return rows.map((row) => ({
    _id: row.id,
    isOnline: online.has(row.id),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  }));
}

/** Tells the sockets following `presence.userId` (its presence room) about a change. */
export function publishPresence({ io, presence }: { io: AppServer; presence: Presence }) {
  io.to(presenceRoom(presence._id)).emit(SOCKET_EVENTS.getUsers, [presence]);
}

/**
 * Two users just became friends or conversation partners: every socket of each starts following the other,
 * and gets the other's presence now. Best effort after a commit: a failure here must not fail the action.
 */
export async function linkPresence({ deps, a, b }: { deps: PresenceDeps; a: string; b: string }) {
  try {
    deps.io.in(userRoom(a)).socketsJoin(presenceRoom(b));
    deps.io.in(userRoom(b)).socketsJoin(presenceRoom(a));
    const presence = await findPresence({ deps, userIds: [a, b] });
    for (const entry of presence) {
      const other = entry._id === a ? b : a;
      deps.io.to(userRoom(other)).emit(SOCKET_EVENTS.getUsers, [entry]);
    }
  } catch {
    // The next addUser (a reconnect, a page load) rebuilds the subscriptions.
  }
}

/**
 * Two users stopped being friends: unless they still share a direct conversation (which keeps them in each
 * other's circle), they stop following each other.
 */
export async function unlinkPresence({ deps, a, b }: { deps: PresenceDeps; a: string; b: string }) {
  if (await areInCircle({ db: deps.db, a, b })) return;
  deps.io.in(userRoom(a)).socketsLeave(presenceRoom(b));
  deps.io.in(userRoom(b)).socketsLeave(presenceRoom(a));
}
