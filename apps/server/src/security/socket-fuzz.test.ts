import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Encoder, PacketType } from 'socket.io-parser';
import { SOCKET_EVENTS } from '@scrim-gym/shared';
import { SOCKET_MAX_PACKET_BYTES } from '../plugins/socket-limits.js';
import { LimitedDecoder, SocketPacketRefused } from '../plugins/socket-parser.js';
import { createUser } from '../test/factories.js';
import { startRoleWorld } from '../test/roles.js';
import { connectClient, listenLocally, settle } from '../test/social.js';
import { hostileValue, nastyString } from '../test/arbitraries.js';
import { fuzzSeed } from '../test/http-fuzz.js';

/**
 * Garbage to every event the server listens to, through a real socket.io-client as a signed-in player: the
 * server stays up, acknowledges refusals as `{ok: false, error, code}` (never INTERNAL), writes nothing for a
 * refused event, sends the sender only events of the protocol, and sends a bystander nothing at all.
 */
const NUM_RUNS = Number(process.env.FUZZ_SOCKET_RUNS ?? 500);
const seed = fuzzSeed();
// The fuzz sends its emits back to back (about a hundred a second from one socket): a flood by the budgets of
// plugins/socket-limits.ts, which would refuse most of them as RATE_LIMITED before any handler. Raised here so
// every emit reaches its handler; the budgets have their own tests (plugins/io.limits.test.ts).
const { ctx, world, journal } = await startRoleWorld({
  SOCKET_EVENTS_BURST: '100000',
  SOCKET_EVENTS_PER_SECOND: '100000',
});
const db = ctx.database.db;
const url = await listenLocally(ctx.app);
const bystander = await createUser({ db });

afterAll(() => ctx.close());

/**
 * Whether the server would read this emit at all: a packet over the size or nesting limits closes the connection
 * before any handler (plugins/socket-parser.ts; tested in plugins/io.limits.test.ts), so the fuzz leaves those
 * out. Decided by the server's own decoder, on the client's own encoding.
 */
function withinPacketLimits(event: string, args: unknown[]) {
  const parts = new Encoder().encode({ type: PacketType.EVENT, nsp: '/', data: [event, ...args], id: 999 });
  const decoder = new LimitedDecoder();
  try {
    for (const part of parts) {
      if (typeof part === 'string' && Buffer.byteLength(part) + 1 > SOCKET_MAX_PACKET_BYTES) return false;
      decoder.add(part);
    }
    return true;
  } catch (error) {
    if (error instanceof SocketPacketRefused) return false;
    throw error;
  }
}

/**
 * Counts the server socket's listener calls and keeps their promises, so the fuzz knows when an emit without an
 * acknowledgement has been handled to the end. Without it a write of such an emit could land after the next emit's
 * mark and be blamed on that one (seen on PostgreSQL: a valid fire-and-forget sendScrimMessage's INSERT read as
 * written by the next, refused, one).
 */
function trackHandlers(
  socket: {
    listeners(event: string): unknown[];
    off(event: string, fn: never): unknown;
    on(event: string, fn: never): unknown;
  },
  events: string[],
) {
  let entered = 0;
  const pending = new Set<Promise<unknown>>();
  for (const event of events) {
    for (const listener of socket.listeners(event) as ((...args: unknown[]) => unknown)[]) {
      socket.off(event, listener as never);
      socket.on(event, ((...args: unknown[]) => {
        entered++;
        const done = Promise.resolve(listener(...args)).catch(() => {});
        pending.add(done);
        void done.finally(() => pending.delete(done));
      }) as never);
    }
  }
  return {
    get entered() {
      return entered;
    },
    /** Resolves once `count` calls have started and every call has finished. */
    async handled(count: number) {
      const deadline = Date.now() + 5000;
      while (entered < count || pending.size > 0) {
        if (Date.now() > deadline) throw new Error(`handlers: ${entered}/${count} entered, ${pending.size} pending`);
        await Promise.all([...pending]);
        if (entered < count) await settle(1);
      }
    },
  };
}

/** Reserved by Socket.IO: not the protocol's events. */
const RESERVED = new Set(['disconnect', 'disconnecting', 'error', 'newListener', 'removeListener']);
const SERVER_EVENTS = new Set<string>([
  SOCKET_EVENTS.getUsers,
  SOCKET_EVENTS.getNotification,
  SOCKET_EVENTS.getMessage,
  SOCKET_EVENTS.getConversation,
  SOCKET_EVENTS.getMessagesSeen,
  SOCKET_EVENTS.getScrimMessage,
  SOCKET_EVENTS.getScrimusers,
  SOCKET_EVENTS.getScrimTransaction,
  SOCKET_EVENTS.scrimDeleted,
  SOCKET_EVENTS.scrimStartNotification,
  SOCKET_EVENTS.tournamentInitialized,
  SOCKET_EVENTS.tournamentSkipped,
  SOCKET_EVENTS.tournamentError,
]);

const idPool = fc.constantFrom(...world.ids);
/** Payloads shaped like the protocol's (ids of real rows under the usual keys) or not shaped at all. */
const payload = fc.oneof(
  { weight: 3, arbitrary: hostileValue },
  {
    weight: 4,
    arbitrary: fc.record(
      {
        scrimId: fc.oneof(idPool, nastyString),
        conversationId: fc.oneof(idPool, nastyString),
        receiverId: fc.oneof(idPool, nastyString),
        userId: fc.oneof(idPool, nastyString),
        userIds: fc.oneof(fc.array(idPool, { maxLength: 60 }), hostileValue),
        text: fc.oneof(nastyString, hostileValue),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 256 }).map((bytes) => Buffer.from(bytes)) },
);

describe(`hostile socket events (FUZZ_SEED=${seed})`, () => {
  it('survives garbage to every event it listens to', async () => {
    const sender = await connectClient(url, world.users.player.token);
    const watcher = await connectClient(url, bystander.token);
    const serverSocket = ctx.app.io.of('/').sockets.get(sender.socket.id!)!;
    const listened = serverSocket
      .eventNames()
      .map(String)
      .filter((name) => !RESERVED.has(name));
    // The original client emits these too; our server ignores them (it relays its own writes).
    const events = [...new Set([...listened, SOCKET_EVENTS.sendConversation, SOCKET_EVENTS.sendNotification])];
    expect(listened).toEqual(expect.arrayContaining([SOCKET_EVENTS.sendMessage, SOCKET_EVENTS.joinScrimRoom]));
    console.log(`socket fuzz: ${events.length} events (${events.join(', ')}), ${NUM_RUNS} emits, FUZZ_SEED=${seed}`);
    // Which events answer an acknowledgement: the others are sent without one (no waiting for a timeout).
    const acked = new Set<string>();
    for (const event of events) {
      const answer = await sender.raw
        .timeout(500)
        .emitWithAck(event, {})
        .catch(() => null);
      if (answer !== null) acked.add(event);
    }
    await settle();
    watcher.events.length = 0;
    const handlers = trackHandlers(serverSocket, listened);
    let expectedCalls = 0;

    let emitted = 0;
    let overLimits = 0;
    const problems: string[] = [];
    const property = fc.asyncProperty(
      fc.constantFrom(...events),
      fc.array(payload, { minLength: 0, maxLength: 3 }),
      fc.boolean(),
      async (event, args, withAck) => {
        const readable = withinPacketLimits(event, args);
        if (!readable) overLimits++;
        fc.pre(readable);
        const mark = await journal.mark();
        const problemsBefore = problems.length;
        emitted++;
        // Every emit of a listened event reaches its listener (the budgets are raised, the session is valid).
        if (listened.includes(event)) expectedCalls++;
        let ack: unknown;
        if (withAck && acked.has(event)) {
          ack = await sender.raw
            .timeout(2000)
            .emitWithAck(event, ...args)
            .catch(() => 'no ack');
        } else {
          sender.raw.emit(event, ...args);
        }
        await handlers.handled(expectedCalls);
        const writes = await journal.since(mark);
        const refused = typeof ack === 'object' && ack !== null && (ack as { ok?: unknown }).ok === false;
        if (refused) {
          const { error, code } = ack as { error?: unknown; code?: unknown };
          if (typeof error !== 'string' || typeof code !== 'string')
            problems.push(`${event}: bare refusal ${JSON.stringify(ack)}`);
          if (code === 'INTERNAL') problems.push(`${event}: INTERNAL for ${JSON.stringify(args).slice(0, 300)}`);
          if (writes.length > 0)
            problems.push(`${event}: refused but wrote ${writes.map((w) => `${w.op} ${w.table}`).join(', ')}`);
        }
        // This emit's verdict only, so that a counterexample names the emit that failed.
        return problems.length === problemsBefore && sender.socket.connected;
      },
    );
    await fc.assert(property, { numRuns: NUM_RUNS, seed });
    await settle();

    expect(problems).toEqual([]);
    expect(sender.socket.connected).toBe(true);
    const unexpected = sender.events.filter((e) => !SERVER_EVENTS.has(e.event)).map((e) => e.event);
    expect(unexpected, 'events outside the protocol').toEqual([]);
    expect(
      watcher.events.map((e) => e.event),
      'a bystander heard the garbage',
    ).toEqual([]);
    // Still serving: a well-formed event is answered, and the HTTP API too.
    const answer = await sender.request(SOCKET_EVENTS.watchPresence, { userIds: [world.users.otherPlayer.id] });
    expect(answer.ok).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/server-status' })).statusCode).toBe(200);
    console.log(`socket fuzz: ${emitted} emits, ${overLimits} left out (over the packet limits)`);
    sender.close();
    watcher.close();
  }, 120_000);

  it('drops a socket that sends more than the buffer limit, and keeps serving the others', async () => {
    const sender = await connectClient(url, world.users.player.token);
    const other = await connectClient(url, world.users.otherPlayer.token);
    const closed = new Promise<string>((resolve) => sender.socket.once('disconnect', resolve));
    sender.socket.emit(SOCKET_EVENTS.sendMessage, {
      conversationId: world.conversationId,
      text: 'x'.repeat(2_000_000),
    });
    expect(await closed).toMatch(/transport (close|error)/);
    expect(other.socket.connected).toBe(true);
    expect((await other.request(SOCKET_EVENTS.addUser)).ok).toBe(true);
    other.close();
  });
});
