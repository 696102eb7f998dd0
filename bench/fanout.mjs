// A slot change reaching 1,000 sockets in the scrim's room (DESIGN.md 6: p99 under 150 ms on one instance;
// across two instances through Redis, within 30 ms more), measured from the moment the join is sent through the
// API to each socket's arrival of getScrimTransaction. Reference in the same run: a bare Socket.IO server in a
// worker broadcasting the same JSON to 1,000 sockets when told to over HTTP (the cost of the fan-out alone).
// Usage: node bench/fanout.mjs   (env: DATABASE_URL, REDIS_URL=redis://127.0.0.1:6379, SOCKETS=1000, CHANGES=20)
import { closeAll, connectSockets, measureReference, startReference } from './socket-reference.mjs';
import { report, startServer } from './lib.mjs';
import { fmt, insertScrims, insertUsers, percentile, SLOTS, startBenchServer } from './postgres.mjs';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const CHANGES = Number(process.env.CHANGES ?? 20);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUDGET = { oneMs: 150, crossExtraMs: 30 };
const EVENT = 'getScrimTransaction';

/** Connects `users` to the origins round-robin; resolves once every socket is connected. */
async function connectAll(origins, users, onEvent) {
  const sockets = await connectSockets(origins, users);
  for (const socket of sockets) socket.on(EVENT, onEvent);
  return sockets;
}

/**
 * Makes CHANGES slot changes one after another (join, then leave, of one player) and times each socket's
 * arrival from the moment the request is sent. Returns every delivery's latency.
 */
async function measure({ apiOrigin, sockets, scrimId, mover }) {
  const latencies = [];
  let sentAt = 0;
  let arrived = 0;
  let allArrived = () => {};
  for (const socket of sockets) {
    socket.removeAllListeners(EVENT);
    socket.on(EVENT, () => {
      latencies.push(performance.now() - sentAt);
      if (++arrived === sockets.length) allArrived();
    });
  }
  for (let change = 0; change < CHANGES; change++) {
    const slot = SLOTS[change % SLOTS.length];
    const path =
      change % 2 === 0
        ? `/api/scrims/${scrimId}/insert-player/${mover.id}`
        : `/api/scrims/${scrimId}/remove-player/${mover.id}`;
    arrived = 0;
    const done = new Promise((resolve) => (allArrived = resolve));
    sentAt = performance.now();
    const res = await fetch(`${apiOrigin}${path}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${mover.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(change % 2 === 0 ? { playerData: { role: slot.role, team: { name: slot.team } } } : {}),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    const timeout = setTimeout(() => allArrived(), 10_000);
    await done;
    clearTimeout(timeout);
    if (arrived < sockets.length) throw new Error(`change ${change}: ${arrived}/${sockets.length} sockets got it`);
  }
  return latencies;
}

const prefix = `bench-fanout-${process.pid}`;
const first = await startBenchServer({ env: { REDIS_URL, REDIS_PREFIX: prefix } });
let second;
let reference;
const rows = [];
try {
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
  const [scrimId] = await insertScrims(first.pool, { count: 1, from: start, to: new Date(start.getTime() + 1000) });
  const users = await insertUsers(first.pool, { count: SOCKETS + 1, prefix: 'fan' });
  const mover = users.pop();
  const sample = await (
    await fetch(`${first.url}/api/scrims/${scrimId}`, { headers: { authorization: `Bearer ${mover.token}` } })
  ).text();

  // One instance: every socket on it.
  let sockets = await connectAll([first.url], users, () => {});
  for (const socket of sockets) socket.emit('join_scrim_room', scrimId);
  await new Promise((r) => setTimeout(r, 500));
  await measure({ apiOrigin: first.url, sockets, scrimId, mover: { ...mover } }); // warm-up
  const one = await measure({ apiOrigin: first.url, sockets, scrimId, mover });
  closeAll(sockets);

  // Two instances through Redis: half the sockets on each, the change made through the first.
  second = await startServer({
    DATABASE_URL: first.databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost',
  });
  sockets = await connectAll([first.url, second.url], users, () => {});
  for (const socket of sockets) socket.emit('join_scrim_room', scrimId);
  await new Promise((r) => setTimeout(r, 500));
  await measure({ apiOrigin: first.url, sockets, scrimId, mover });
  const two = await measure({ apiOrigin: first.url, sockets, scrimId, mover });
  closeAll(sockets);

  // The reference: the same JSON broadcast by bare Socket.IO to the same number of sockets.
  reference = await startReference(EVENT, sample);
  sockets = await connectAll([reference.url], users, () => {});
  await new Promise((r) => setTimeout(r, 500));
  await measureReference({ url: reference.url, sockets, event: EVENT, count: CHANGES });
  const bare = await measureReference({ url: reference.url, sockets, event: EVENT, count: CHANGES });
  closeAll(sockets);

  const p = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
  const [pOne, pTwo, pBare] = [p(one), p(two), p(bare)];
  rows.push(
    { setup: 'one instance (API change)', deliveries: one.length, 'p50 ms': fmt(pOne.p50), 'p99 ms': fmt(pOne.p99) },
    { setup: 'two instances, Redis', deliveries: two.length, 'p50 ms': fmt(pTwo.p50), 'p99 ms': fmt(pTwo.p99) },
    { setup: 'bare Socket.IO broadcast', deliveries: bare.length, 'p50 ms': fmt(pBare.p50), 'p99 ms': fmt(pBare.p99) },
  );
  console.table(rows);
  report(
    'fanout',
    `Slot change fan-out to ${SOCKETS} sockets, ${CHANGES} changes, ${(sample.length / 1024).toFixed(1)} KB each`,
    [
      {
        figure: `fan-out to ${SOCKETS} sockets, one instance (p99)`,
        budget: `< ${BUDGET.oneMs} ms`,
        measured: `${fmt(pOne.p99)} ms`,
        reference: `bare Socket.IO broadcast ${fmt(pBare.p99)} ms`,
        ratio: fmt(pOne.p99 / pBare.p99, 2),
        ok: pOne.p99 < BUDGET.oneMs,
      },
      {
        figure: 'extra p99 across two instances (Redis)',
        budget: `< ${BUDGET.crossExtraMs} ms`,
        measured: `${fmt(pTwo.p99 - pOne.p99)} ms (p99 ${fmt(pTwo.p99)} ms)`,
        reference: `one instance ${fmt(pOne.p99)} ms`,
        ratio: fmt(pTwo.p99 / pOne.p99, 2),
        ok: pTwo.p99 - pOne.p99 < BUDGET.crossExtraMs,
      },
    ],
  );
} finally {
  reference?.stop();
  await second?.stop();
  await first.close();
}
process.exit();
