import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Server } from 'socket.io';
import type { Socket as ClientSocket } from 'socket.io-client';
import { vi } from 'vitest';

/**
 * Waiting in tests without fixed sleeps: for something to happen, poll for it (`expect.poll`, `vi.waitFor`); for
 * something NOT to happen, first prove that the server is done with everything before (the helpers below).
 */

/** Generous: the machine running the tests may be busy. */
const TIMEOUT_MS = 10_000;

/** The event of the delivery marker; the app never sends it. */
const MARKER_EVENT = 'test:delivered';

/**
 * Resolves once every event the server has sent to `client` so far has reached it: the server sends a marker to
 * this one socket and the client waits for it (one connection delivers in order). Use it after an action whose
 * events are sent before it returns (an HTTP request, a service call), then assert that nothing (more) arrived.
 * `io` is the server the client is connected to. The marker is taken out of the client's recorded `events`.
 */
export async function deliveredSoFar({
  io,
  client,
}: {
  io: Server;
  client: { socket: ClientSocket; events?: { event: string }[] };
}) {
  const serverSocket = client.socket.id ? io.of('/').sockets.get(client.socket.id) : undefined;
  if (!serverSocket) throw new Error('deliveredSoFar: the client is not connected to this server');
  const marker = randomUUID();
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.socket.off(MARKER_EVENT, onMarker);
      reject(new Error(`deliveredSoFar: the marker did not arrive within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    function onMarker(payload: unknown) {
      if (payload !== marker) return;
      clearTimeout(timer);
      client.socket.off(MARKER_EVENT, onMarker);
      resolve();
    }
    client.socket.on(MARKER_EVENT, onMarker);
  });
  serverSocket.emit(MARKER_EVENT, marker);
  await arrived;
  const { events } = client;
  if (events) for (let i = events.length - 1; i >= 0; i--) if (events[i]!.event === MARKER_EVENT) events.splice(i, 1);
}

/** Resolves once the server has handled the disconnect of the socket `socketId` (it is gone from `io`). */
export async function disconnectedOnServer({ io, socketId }: { io: Server; socketId: string }) {
  await vi.waitFor(
    () => {
      if (io.of('/').sockets.has(socketId)) throw new Error(`socket ${socketId} is still connected to the server`);
    },
    { timeout: TIMEOUT_MS, interval: 10 },
  );
}

/** Resolves once the server has put the socket `socketId` in `room` (joining a room is an event with no answer). */
export async function joinedRoom({ io, socketId, room }: { io: Server; socketId: string | undefined; room: string }) {
  await vi.waitFor(
    async () => {
      const members = await io.in(room).fetchSockets();
      if (!members.some((s) => s.id === socketId)) throw new Error(`socket ${socketId} is not in ${room} yet`);
    },
    { timeout: TIMEOUT_MS, interval: 10 },
  );
}

/**
 * A fixed wait, for the one kind of absence that no barrier can prove: what the server does after an event the
 * test cannot await (a socket's disconnect starts a presence check that, when right, ends without a trace).
 * Prefer `deliveredSoFar` whenever the action can be awaited. Named so that it never passes for a wait for
 * something to happen: that one polls.
 */
export const quietWindow = (ms: number) => sleep(ms);

/** Resolves once the clock has passed `instant`, so that the next row written gets a later timestamp. */
export async function clockPast(instant: Date | string) {
  const at = new Date(instant).getTime();
  while (Date.now() <= at) await sleep(1);
}
