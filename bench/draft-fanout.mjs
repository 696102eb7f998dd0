// A draft lock reaching 1,000 sockets watching the scrim (DESIGN.md 6: p99 ≤ 150 ms on one instance, within 30 ms
// more across two through Redis), while 100 drafts run at once: the other drafts lock a turn every
// BACKGROUND_EVERY_MS each, spread over the interval. Measured from the moment the lock is sent through the API to
// each socket's arrival of its draftChange. Reference in the same run: a bare Socket.IO server in a worker
// broadcasting the same JSON to the same sockets when told to over HTTP (the cost of the fan-out alone).
// Data Dragon is served locally (startBytesServer), as DDRAGON_BASE_URL.
// Usage: node bench/draft-fanout.mjs
//   (env: DATABASE_URL, REDIS_URL=redis://127.0.0.1:6379, SOCKETS=1000, DRAFTS=100, BACKGROUND_EVERY_MS=2000)
import { closeAll, connectSockets, measureReference, startReference } from './socket-reference.mjs';
import { report, startBytesServer, startServer } from './lib.mjs';
import { fmt, insertScrims, insertUsers, percentile, SLOTS, startBenchServer } from './postgres.mjs';

const SOCKETS = Number(process.env.SOCKETS ?? 1000);
const DRAFTS = Number(process.env.DRAFTS ?? 100);
const BACKGROUND_EVERY_MS = Number(process.env.BACKGROUND_EVERY_MS ?? 2000);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUDGET = { oneMs: 150, crossExtraMs: 30 };
const EVENT = 'draftChange';
/** The tournament draft's sides, turn by turn (packages/shared rules/draft.ts). */
const ORDER = 'B R B R B R B R R B B R R B R B R B B R'.split(' ').map((s) => (s === 'B' ? 'blue' : 'red'));
/** Locks timed per setup: one draft's 20 turns. */
const LOCKS = ORDER.length;

/** Data Dragon with 200 champions (keys Champion1…), enough for every draft's 20 distinct ones. */
function dataDragon() {
  const version = '15.1.1';
  const data = Object.fromEntries(
    Array.from({ length: 200 }, (_, i) => [
      `Champion${i}`,
      { id: `Champion${i}`, key: String(1000 + i), name: `Champion ${i}`, tags: ['Fighter'] },
    ]),
  );
  return startBytesServer({
    '/api/versions.json': { body: JSON.stringify([version]) },
    [`/cdn/${version}/data/en_US/champion.json`]: { body: JSON.stringify({ type: 'champion', version, data }) },
  });
}

const api = async (origin, user, path, body) => {
  const res = await fetch(`${origin}/api/scrims/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};

/** `count` drafting scrims with ten players each (5 blue, 5 red), started: both sides ready. */
async function draftingScrims(pool, origin, count) {
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
  const ids = await insertScrims(pool, { count, from: start, to: new Date(start.getTime() + 60_000) });
  await pool.query(`update scrims set draft = 'tournament', draft_timer_seconds = 90 where id = any($1::uuid[])`, [
    ids,
  ]);
  const players = await insertUsers(pool, { count: count * 10, prefix: 'drafter' });
  const drafts = ids.map((scrimId, i) => ({
    scrimId,
    blue: players[i * 10],
    red: players[i * 10 + 5],
    turn: 0,
  }));
  await pool.query(
    `insert into scrim_participants (scrim_id, user_id, kind, team, role)
     select s, u, 'player', t::team, r::role from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) as x(s, u, t, r)`,
    [
      players.map((_, i) => ids[Math.floor(i / 10)]),
      players.map((p) => p.id),
      players.map((_, i) => SLOTS[i % 10].team),
      players.map((_, i) => SLOTS[i % 10].role),
    ],
  );
  for (const draft of drafts) {
    await api(origin, draft.blue, `${draft.scrimId}/draft/ready`, { side: 'blue' });
    await api(origin, draft.red, `${draft.scrimId}/draft/ready`, { side: 'red' });
  }
  return drafts;
}

/** The next turn of `draft`, locked through `origin`; its answer (the new state). */
function lockNext(origin, draft) {
  const turn = draft.turn++;
  const drafter = ORDER[turn] === 'blue' ? draft.blue : draft.red;
  return api(origin, drafter, `${draft.scrimId}/draft/lock`, { champion: `Champion${turn}`, turn });
}

/** Every other draft locks a turn every BACKGROUND_EVERY_MS, spread over the interval, until stopped. */
function backgroundLoad(origin, drafts) {
  let stopped = false;
  let locks = 0;
  const loops = drafts.map(async (draft, i) => {
    await new Promise((r) => setTimeout(r, (BACKGROUND_EVERY_MS * i) / drafts.length));
    while (!stopped && draft.turn < LOCKS) {
      await lockNext(origin, draft);
      locks++;
      await new Promise((r) => setTimeout(r, BACKGROUND_EVERY_MS));
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return locks;
    },
  };
}

/** Connects `users` to the origins round-robin and joins them to the scrim's room. */
async function watchers(origins, users, scrimId) {
  const sockets = await connectSockets(origins, users);
  if (scrimId) await Promise.all(sockets.map((socket) => socket.emitWithAck('join_scrim_room', scrimId)));
  return sockets;
}

/** Locks the draft's turns one after another and times each socket's arrival of the lock's draftChange. */
async function measure(origin, draft, sockets) {
  const latencies = [];
  let sentAt = 0;
  // Each lock moves the draft's version on by one: the event of the lock just sent carries `expected`.
  const current = await fetch(`${origin}/api/scrims/${draft.scrimId}/draft`, {
    headers: { authorization: `Bearer ${draft.blue.token}` },
  });
  let expected = (await current.json()).version;
  let arrived = 0;
  let allArrived = () => {};
  for (const socket of sockets) {
    socket.removeAllListeners(EVENT);
    socket.on(EVENT, ({ scrimId, draft: state }) => {
      if (scrimId !== draft.scrimId || state.version !== expected) return;
      latencies.push(performance.now() - sentAt);
      if (++arrived === sockets.length) allArrived();
    });
  }
  while (draft.turn < LOCKS) {
    arrived = 0;
    expected++;
    const done = new Promise((resolve) => (allArrived = resolve));
    sentAt = performance.now();
    const state = await lockNext(origin, draft);
    if (state.version !== expected) throw new Error(`version ${state.version}, expected ${expected}`);
    const timeout = setTimeout(() => allArrived(), 10_000);
    await done;
    clearTimeout(timeout);
    if (arrived < sockets.length) throw new Error(`turn ${draft.turn - 1}: ${arrived}/${sockets.length} got it`);
  }
  return latencies;
}

const prefix = `bench-draft-${process.pid}`;
const ddragon = await dataDragon();
const env = { REDIS_URL, REDIS_PREFIX: prefix, DDRAGON_BASE_URL: ddragon.url };
const first = await startBenchServer({ env });
let second;
let reference;
try {
  // Three measured drafts (a warm-up, one instance, two instances) and the others as the background load.
  const drafts = await draftingScrims(first.pool, first.url, DRAFTS + 2);
  const [warmUp, oneDraft, twoDraft, ...others] = drafts;
  const users = await insertUsers(first.pool, { count: SOCKETS, prefix: 'watcher' });

  let sockets = await watchers([first.url], users, warmUp.scrimId);
  await measure(first.url, warmUp, sockets);
  closeAll(sockets);

  // One instance: every socket on it, the other drafts locking meanwhile.
  let load = backgroundLoad(first.url, others.slice(0, others.length / 2));
  sockets = await watchers([first.url], users, oneDraft.scrimId);
  const one = await measure(first.url, oneDraft, sockets);
  const oneLocks = await load.stop();
  closeAll(sockets);

  // Two instances through Redis: half the sockets on each, the locks (and the load) through the first.
  second = await startServer({
    DATABASE_URL: first.databaseUrl,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost',
    ...env,
  });
  load = backgroundLoad(first.url, others.slice(others.length / 2));
  sockets = await watchers([first.url, second.url], users, twoDraft.scrimId);
  const two = await measure(first.url, twoDraft, sockets);
  const twoLocks = await load.stop();
  closeAll(sockets);

  // The reference: the same JSON broadcast by bare Socket.IO to the same number of sockets.
  const sample = await (
    await fetch(`${first.url}/api/scrims/${twoDraft.scrimId}/draft`, {
      headers: { authorization: `Bearer ${users[0].token}` },
    })
  ).text();
  reference = await startReference(EVENT, JSON.stringify({ scrimId: twoDraft.scrimId, draft: JSON.parse(sample) }));
  sockets = await watchers([reference.url], users, null);
  await measureReference({ url: reference.url, sockets, event: EVENT, count: LOCKS });
  const bare = await measureReference({ url: reference.url, sockets, event: EVENT, count: LOCKS });
  closeAll(sockets);

  const p = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
  const [pOne, pTwo, pBare] = [p(one), p(two), p(bare)];
  console.table([
    { setup: 'one instance (API lock)', deliveries: one.length, 'p50 ms': fmt(pOne.p50), 'p99 ms': fmt(pOne.p99) },
    { setup: 'two instances, Redis', deliveries: two.length, 'p50 ms': fmt(pTwo.p50), 'p99 ms': fmt(pTwo.p99) },
    { setup: 'bare Socket.IO broadcast', deliveries: bare.length, 'p50 ms': fmt(pBare.p50), 'p99 ms': fmt(pBare.p99) },
  ]);
  report(
    'draft-fanout',
    `Draft lock fan-out to ${SOCKETS} sockets, ${LOCKS} locks per setup, ${DRAFTS} drafts running ` +
      `(background locks: ${oneLocks} and ${twoLocks}), ${(sample.length / 1024).toFixed(1)} KB each`,
    [
      {
        figure: `draft lock to ${SOCKETS} sockets, one instance (p99)`,
        budget: `≤ ${BUDGET.oneMs} ms`,
        measured: `${fmt(pOne.p99)} ms`,
        reference: `bare Socket.IO broadcast ${fmt(pBare.p99)} ms`,
        ratio: fmt(pOne.p99 / pBare.p99, 2),
        ok: pOne.p99 <= BUDGET.oneMs,
      },
      {
        figure: 'extra p99 across two instances (Redis)',
        budget: `≤ ${BUDGET.crossExtraMs} ms`,
        measured: `${fmt(pTwo.p99 - pOne.p99)} ms (p99 ${fmt(pTwo.p99)} ms)`,
        reference: `one instance ${fmt(pOne.p99)} ms`,
        ratio: fmt(pTwo.p99 / pOne.p99, 2),
        ok: pTwo.p99 - pOne.p99 <= BUDGET.crossExtraMs,
      },
    ],
  );
} finally {
  reference?.stop();
  await second?.stop();
  await first.close();
  await ddragon.stop();
}
process.exit();
