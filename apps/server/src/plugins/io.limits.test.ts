import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SOCKET_EVENTS, type SocketAck } from '@scrim-gym/shared';
import { createUser } from '../test/factories.js';
import { connectClient, useSocialApp, type TestClient } from '../test/social.js';

/**
 * What one client may send over Socket.IO, through real socket.io-client connections: packets too large or too
 * deeply nested are refused in one cheap scan (the connection is dropped), on both transports; events are
 * budgeted per socket and per user (RATE_LIMITED, then a disconnect); rooms are capped. Each attack is measured
 * against a bystander's latency without and with it, in the same test.
 */
const { app, client, db } = useSocialApp();

type Transport = 'websocket' | 'polling';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const RATE_LIMITED: SocketAck = { ok: false, error: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' };

function originOf(server: FastifyInstance) {
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** `[[[[…]]]]` (or `{"a":{"a":…}}`) as the payload of a sendMessage asking for an ack: just under 1 MB. */
function nestedPacket(shape: 'array' | 'object', bytes: number) {
  const head = '20["sendMessage",';
  const [open, close] = shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
  const depth = Math.floor((bytes - head.length - 2) / (open.length + close.length));
  return `${head}${open.repeat(depth)}${shape === 'array' ? '' : '1'}${close.repeat(depth)}]`;
}
const ONE_MB_ARRAY = nestedPacket('array', 999_000);
const ONE_MB_OBJECT = nestedPacket('object', 999_000);
/** Within the packet size limit, but 5,000 deep. */
const DEEP_SMALL = nestedPacket('array', 10_000);

/**
 * Sends one raw Socket.IO packet on a fresh connection (bypassing the client's own encoder) and waits for what
 * the server does: drop the connection, or acknowledge. Returns that and the CPU this process spent meanwhile
 * (client and server both run here: an upper bound for the server's share).
 */
async function sendRaw(token: string, packet: string, transports: Transport[] = ['websocket']) {
  const c = await connectClient(url(), token, { transports });
  const engine = c.socket.io.engine;
  const outcome = new Promise<string>((resolve) => {
    c.socket.once('disconnect', (reason) => resolve(`disconnected: ${reason}`));
    engine.on('packet', (p: { type: string; data?: unknown }) => {
      if (p.type === 'message' && String(p.data).startsWith('3')) resolve(`acknowledged: ${String(p.data)}`);
    });
    setTimeout(() => resolve('no answer'), 5000);
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  engine.write(packet);
  const result = await outcome;
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - started;
  c.close();
  return { outcome: result, cpuMs: (used.user + used.system) / 1000, wallMs };
}

const url = () => originOf(app());

/**
 * A bystander's latency: the medians of a socket round trip (an acknowledged read-only event: it waits only for
 * this process, which also runs PGlite) and of `GET /api/server-status`. The bench (bench/attack-socket.mjs)
 * also times an event that queries the database, with the server in a process of its own.
 */
async function bystanderLatency(bystander: TestClient, samples = 9) {
  const socketMs: number[] = [];
  const httpMs: number[] = [];
  for (let i = 0; i < samples; i++) {
    let started = performance.now();
    const ack = await bystander.request(SOCKET_EVENTS.leaveScrimRoom, randomUUID());
    socketMs.push(performance.now() - started);
    expect(ack).toEqual({ ok: true, data: null });
    started = performance.now();
    const res = await fetch(`${url()}/api/server-status`);
    await res.arrayBuffer();
    httpMs.push(performance.now() - started);
    expect(res.status).toBe(200);
    // A human pace: the bystander never nears its own budget.
    await sleep(50);
  }
  return { socketMs: median(socketMs), httpMs: median(httpMs) };
}

/** Runs `attack` over and over, concurrently, until stopped; resolves with how many ran. */
function keepAttacking(attack: () => Promise<unknown>) {
  let running = true;
  let count = 0;
  const loop = (async () => {
    while (running) {
      await attack();
      count++;
    }
  })();
  return async () => {
    running = false;
    await loop;
    return count;
  };
}

/** The bystander's latency without, then with the attack running; both must be within 100 ms of each other. */
async function expectBystanderUnaffected(attack: () => Promise<unknown>, label: string) {
  const bystander = await client((await createUser({ db: db() })).token);
  const without = await bystanderLatency(bystander);
  const stop = keepAttacking(attack);
  const during = await bystanderLatency(bystander);
  const attacks = await stop();
  console.log(
    `${label}: bystander socket round trip ${without.socketMs.toFixed(1)} → ${during.socketMs.toFixed(1)} ms, ` +
      `HTTP GET ${without.httpMs.toFixed(1)} → ${during.httpMs.toFixed(1)} ms (${attacks} attacks meanwhile)`,
  );
  expect(attacks).toBeGreaterThan(0);
  expect(during.socketMs - without.socketMs).toBeLessThan(100);
  expect(during.httpMs - without.httpMs).toBeLessThan(100);
}

describe('packet size and nesting', () => {
  it.each<Transport>(['websocket', 'polling'])(
    'over %s, a 1 MB nested payload is refused in well under 50 ms of CPU, and a bystander is not delayed',
    async (transport) => {
      // Several attackers: one session alone would soon be refused at the handshake (tested below).
      const attackers = await Promise.all(Array.from({ length: 6 }, () => createUser({ db: db() })));
      const attacker = attackers[0]!;
      let turn = 0;
      const nextAttacker = () => attackers[turn++ % attackers.length]!;
      // A packet of no known type is dropped at once: the same connection drop, with no payload to speak of.
      // The payload's own cost is what its refusals cost beyond that.
      const control = () => sendRaw(attacker.token, '9', [transport]);
      // One unmeasured round first: the code paths of a refusal are compiled on their first use.
      await sendRaw(attacker.token, ONE_MB_ARRAY, [transport]);
      await control();
      const attackMs: number[] = [];
      const controlMs: number[] = [];
      for (const packet of [ONE_MB_ARRAY, ONE_MB_OBJECT, ONE_MB_ARRAY, ONE_MB_OBJECT, ONE_MB_ARRAY]) {
        const refusal = await sendRaw(attacker.token, packet, [transport]);
        expect(refusal.outcome).toMatch(/^disconnected: transport (close|error)$/);
        attackMs.push(refusal.cpuMs);
        const dropped = await control();
        expect(dropped.outcome).toBe('disconnected: transport close');
        controlMs.push(dropped.cpuMs);
      }
      const payloadMs = median(attackMs) - median(controlMs);
      console.log(
        `1 MB nested payloads over ${transport}: CPU per refusal ${attackMs.map((ms) => ms.toFixed(1)).join(', ')} ms; ` +
          `per bare connection drop ${controlMs.map((ms) => ms.toFixed(1)).join(', ')} ms; ` +
          `the payload's own: ${payloadMs.toFixed(1)} ms`,
      );
      expect(payloadMs).toBeLessThan(50);
      await expectBystanderUnaffected(
        () => sendRaw(nextAttacker().token, ONE_MB_ARRAY, [transport]),
        `1 MB nested payloads over ${transport}`,
      );
    },
  );

  it.each<Transport>(['websocket', 'polling'])(
    'over %s, a packet within the size limit but nested deeper than 8 drops its connection before any parsing',
    async (transport) => {
      const attacker = await createUser({ db: db() });
      const { outcome } = await sendRaw(attacker.token, DEEP_SMALL, [transport]);
      expect(outcome).toBe('disconnected: transport close');
      // Nesting inside strings is only text: a message full of brackets is read.
      const c = await client(attacker.token);
      const ack = await c.request(SOCKET_EVENTS.sendMessage, { conversationId: randomUUID(), text: '['.repeat(2000) });
      expect(ack).toMatchObject({ ok: false, code: 'CONVERSATION_NOT_FOUND' });
    },
  );

  it('each event has its own size limit: an oversized room id drops the connection; the largest message is read', async () => {
    const user = await createUser({ db: db() });
    const { outcome } = await sendRaw(user.token, `20["join_scrim_room","${'a'.repeat(1000)}"]`);
    expect(outcome).toBe('disconnected: transport close');
    // 2000 characters that JSON escapes to six each (the worst case), with every optional id.
    const c = await client(user.token);
    const ack = await c.request(SOCKET_EVENTS.sendMessage, {
      conversationId: randomUUID(),
      receiverId: randomUUID(),
      senderId: user.id,
      text: '\u0001'.repeat(2000),
    });
    expect(ack).toMatchObject({ ok: false, code: 'CONVERSATION_NOT_FOUND' });
    expect(c.socket.connected).toBe(true);
  });
});

describe('event budgets', () => {
  it('a flooding socket gets RATE_LIMITED acks, then is disconnected; another user is not delayed', async () => {
    const attacker = await createUser({ db: db() });
    const flooder = await client(attacker.token);
    const refusals: { index: number; ack: SocketAck }[] = [];
    const closed = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
    for (let index = 0; index < 300; index++) {
      flooder.socket.emit(SOCKET_EVENTS.leaveScrimRoom, randomUUID(), (ack: SocketAck) => {
        if (!ack.ok) refusals.push({ index, ack });
      });
    }
    expect(await closed).toBe('io server disconnect');
    // The burst (30) went through; after it, every event was refused until the strikes (20) ran out: the 21st
    // refusal disconnected the socket. (The accepted ones' acks are lost with the connection.)
    expect(refusals.length).toBeGreaterThanOrEqual(21);
    expect(refusals.length).toBeLessThan(25);
    expect(Math.min(...refusals.map((r) => r.index))).toBeGreaterThanOrEqual(30);
    expect(new Set(refusals.map((r) => JSON.stringify(r.ack)))).toEqual(new Set([JSON.stringify(RATE_LIMITED)]));

    // A flooder that reconnects and floods again, as a script would.
    await expectBystanderUnaffected(async () => {
      const again = await connectClient(url(), attacker.token).catch(() => null);
      if (!again) return sleep(10);
      const gone = new Promise((resolve) => again.socket.once('disconnect', resolve));
      // Three bursts' worth back to back: enough to be disconnected each time (a flood), not so many that this
      // process, which is also the client, spends its time encoding what the server then drops.
      for (let i = 0; i < 100; i++) again.socket.emit(SOCKET_EVENTS.watchPresence, { userIds: [attacker.id] });
      await Promise.race([gone, sleep(2000)]);
      again.close();
    }, 'one socket flooding watchPresence');
  });

  it("a user's sockets share three sockets' worth: one flooding tab leaves the others room", async () => {
    const user = await createUser({ db: db() });
    const [flooding, calm] = [await client(user.token), await client(user.token)];
    const closed = new Promise((resolve) => flooding.socket.once('disconnect', resolve));
    for (let i = 0; i < 200; i++) flooding.socket.emit(SOCKET_EVENTS.leaveScrimRoom, randomUUID());
    await closed;
    for (let i = 0; i < 20; i++) {
      expect(await calm.request(SOCKET_EVENTS.leaveScrimRoom, randomUUID())).toEqual({ ok: true, data: null });
    }
    // A third user is not affected by the other's budget.
    const other = await client((await createUser({ db: db() })).token);
    expect(await other.request(SOCKET_EVENTS.leaveScrimRoom, randomUUID())).toEqual({ ok: true, data: null });
  });

  it('a session reconnecting in a loop is refused at the handshake, before its database look-up', async () => {
    const user = await createUser({ db: db() });
    let refusal: (Error & { data?: { code?: string } }) | null = null;
    for (let attempt = 0; attempt < 60 && !refusal; attempt++) {
      try {
        (await connectClient(url(), user.token)).close();
      } catch (error) {
        refusal = error as Error & { data?: { code?: string } };
      }
    }
    expect(refusal?.message).toBe(MESSAGES.tooManyRequests);
    expect(refusal?.data?.code).toBe('RATE_LIMITED');
  });

  it('an event the server does not know is refused', async () => {
    const c = await client((await createUser({ db: db() })).token);
    expect(await c.request('dropTables', {})).toEqual({ ok: false, error: MESSAGES.badRequest, code: 'UNKNOWN_EVENT' });
  });
});

describe("a user's tabs together", () => {
  // A refill too slow to matter within a test: what is refused then depends on the counts alone, never on how
  // fast this machine reads the packets or in which order the tabs' packets reach the server.
  const slow = useSocialApp({ SOCKET_EVENTS_PER_SECOND: '0.1' });

  it("are held to three sockets' worth, while no tab alone is refused often enough to lose its connection", async () => {
    const busy = await createUser({ db: slow.db() });
    const tabs = await Promise.all(Array.from({ length: 6 }, () => slow.client(busy.token)));
    // Each tab sends 20 events, within its own burst (30) and its strikes (20) whatever the order the server reads
    // them in; the six together send 120, over the user's 90.
    const acks = await Promise.all(
      tabs.flatMap((tab) => Array.from({ length: 20 }, () => tab.request(SOCKET_EVENTS.leaveScrimRoom, randomUUID()))),
    );
    const refused = acks.filter((ack) => !ack.ok);
    expect(new Set(refused.map((ack) => JSON.stringify(ack)))).toEqual(new Set([JSON.stringify(RATE_LIMITED)]));
    // 30 over the budget; the refill (0.3 a second for the user) may have let one or two more through.
    expect(refused.length).toBeGreaterThanOrEqual(27);
    expect(refused.length).toBeLessThanOrEqual(30);
    expect(tabs.every((tab) => tab.socket.connected)).toBe(true);
  });
});

describe('rooms', () => {
  it('a socket watches at most 10 scrims at once', async () => {
    const c = await client((await createUser({ db: db() })).token);
    const scrimIds = Array.from({ length: 11 }, () => randomUUID());
    for (const id of scrimIds.slice(0, 10)) {
      expect(await c.request(SOCKET_EVENTS.joinScrimRoom, id)).toEqual({ ok: true, data: null });
    }
    expect(await c.request(SOCKET_EVENTS.joinScrimRoom, scrimIds[10])).toEqual({
      ok: false,
      error: MESSAGES.tooManyRequests,
      code: 'TOO_MANY_ROOMS',
    });
    const [server] = await app().io.in(c.socket.id!).fetchSockets();
    expect([...server!.rooms].filter((room) => room.startsWith('scrim:'))).toHaveLength(10);
    // Leaving one makes room for another.
    expect(await c.request(SOCKET_EVENTS.leaveScrimRoom, scrimIds[0])).toEqual({ ok: true, data: null });
    expect(await c.request(SOCKET_EVENTS.joinScrimRoom, scrimIds[10])).toEqual({ ok: true, data: null });
  });
});
