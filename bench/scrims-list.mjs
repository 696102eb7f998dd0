// GET /api/scrims, the hub's day, against the same compressed bytes served from memory by a bare node:http
// server in a worker of this process, measured in the same run, 3 interleaved rounds:
// - 200 full scrims as an outsider, as a player in one scrim, as an admin: each >= 0.9 x memory;
// - a realistic 20-scrim day as a player: >= 0.5 x memory, p99 < 50 ms at 50 connections (idle machine);
// - the same 20-scrim day on PGlite (the embedded default): reported.
// Both sides are asked `accept-encoding: br, gzip`; an answer that comes back uncompressed is compared with its
// brotli copy from memory (the bytes it could have been).
// Usage: node bench/scrims-list.mjs   (env: DATABASE_URL, CONNECTIONS=50, DURATION=5, ROUNDS=3, SCRIMS=200,
//        BUILD=1, PGLITE=0 to skip the PGlite figure)
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlib } from 'node:zlib';
import { report, startBytesServer, startServer } from './lib.mjs';
import { fmt, insertScrims, insertUsers, loadAutocannon, SLOTS, startBenchServer } from './postgres.mjs';

const autocannon = loadAutocannon();
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SCRIMS = Number(process.env.SCRIMS ?? 200);
const DAY_SCRIMS = 20;
const ACCEPT = 'br, gzip';
const BUDGET = { bigRatio: 0.9, dayRatio: 0.5, dayP99Ms: 50 };
const HOUR = 3600_000;

const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

function hit(url, headers, duration) {
  // A 30 s timeout, so that slow answers count with their real latency instead of being dropped.
  return autocannon({ url, connections: CONNECTIONS, duration, headers, pipelining: 1, timeout: 30 });
}

/** One answer of the API as sent (compressed or not), its decoded JSON, and the bytes the reference serves. */
async function fetchList(url, token) {
  // The raw bytes, as autocannon receives them (fetch would decode them).
  const raw = await rawGet(url, token);
  if (raw.status !== 200) throw new Error(`GET ${url}: ${raw.status} ${raw.body}`);
  const encoding = raw.headers['content-encoding'] ?? null;
  const identity =
    encoding === 'br' ? brotliDecompressSync(raw.body) : encoding === 'gzip' ? gunzipSync(raw.body) : raw.body;
  const reference = encoding
    ? { body: raw.body, encoding }
    : {
        body: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
        encoding: 'br',
      };
  return { list: JSON.parse(identity.toString()), sent: raw.body, encoding, identity, reference };
}

async function rawGet(url, token) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Ten players in each scrim (players[s * 10 + j]), a caster every other one, a lobby host each. */
async function fillScrims(pool, scrimIds, players, casters) {
  const rows = { scrim: [], user: [], kind: [], team: [], role: [] };
  scrimIds.forEach((scrimId, s) => {
    SLOTS.forEach((slot, j) => {
      rows.scrim.push(scrimId);
      rows.user.push(players[s * 10 + j].id);
      rows.kind.push('player');
      rows.team.push(slot.team);
      rows.role.push(slot.role);
    });
    if (s % 2 === 0 && casters[s / 2]) {
      rows.scrim.push(scrimId);
      rows.user.push(casters[s / 2].id);
      rows.kind.push('caster');
      rows.team.push(null);
      rows.role.push(null);
    }
  });
  await pool.query(
    `insert into scrim_participants (scrim_id, user_id, kind, team, role)
     select * from unnest($1::uuid[], $2::uuid[], $3::participant_kind[], $4::team[], $5::role[])`,
    [rows.scrim, rows.user, rows.kind, rows.team, rows.role],
  );
  await pool.query(
    `update scrims s set lobby_host_id = p.user_id
     from (select distinct on (scrim_id) scrim_id, user_id from scrim_participants where kind = 'player' order by scrim_id, user_id) p
     where p.scrim_id = s.id and s.id = any($1::uuid[])`,
    [scrimIds],
  );
}

const listPath = (region, day) =>
  `/api/scrims?region=${region}&startDate=${day.toISOString()}&endDate=${new Date(day.getTime() + 24 * HOUR).toISOString()}`;

const summary = (runs) => {
  const sorted = [...runs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) };
};

const results = [];
const loadAverages = [];
const bench = await startBenchServer();
let reference;
try {
  // Day one (UTC, today): SCRIMS public NA scrims, all full. Day two (tomorrow): a realistic day of 20 scrims,
  // ten of them full, the others with 4 players.
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  const nextDay = new Date(day.getTime() + 24 * HOUR);
  const [admin] = await insertUsers(bench.pool, { count: 1, prefix: 'admin', isAdmin: true });
  const players = await insertUsers(bench.pool, { count: SCRIMS * 10, prefix: 'player' });
  const casters = await insertUsers(bench.pool, { count: Math.ceil(SCRIMS / 2), prefix: 'caster' });
  const [outsider] = await insertUsers(bench.pool, { count: 1, prefix: 'viewer' });
  const big = await insertScrims(bench.pool, {
    count: SCRIMS,
    from: new Date(day.getTime() + HOUR),
    to: new Date(day.getTime() + 23 * HOUR),
    createdBy: admin.id,
    withCasters: true,
  });
  await fillScrims(bench.pool, big, players, casters);
  const small = await insertScrims(bench.pool, {
    count: DAY_SCRIMS,
    from: new Date(nextDay.getTime() + 9 * HOUR),
    to: new Date(nextDay.getTime() + 23 * HOUR),
    createdBy: admin.id,
    withCasters: true,
  });
  await fillScrims(bench.pool, small.slice(0, DAY_SCRIMS / 2), players, casters);
  await bench.pool.query(
    `insert into scrim_participants (scrim_id, user_id, kind, team, role)
     select s, u, 'player', t, r from unnest($1::uuid[], $2::uuid[], $3::team[], $4::role[]) as x(s, u, t, r)`,
    [
      small.slice(DAY_SCRIMS / 2).flatMap((id) => [id, id, id, id]),
      small.slice(DAY_SCRIMS / 2).flatMap((_, s) => [0, 1, 2, 3].map((j) => players[(DAY_SCRIMS / 2 + s) * 10 + j].id)),
      small.slice(DAY_SCRIMS / 2).flatMap(() => SLOTS.slice(0, 4).map((slot) => slot.team)),
      small.slice(DAY_SCRIMS / 2).flatMap(() => SLOTS.slice(0, 4).map((slot) => slot.role)),
    ],
  );
  await bench.pool.query('analyze');

  // players[0] plays in big[0] and small[0] (both full): the lobby of one scrim of the day is theirs to see.
  const player = players[0];
  const targets = [
    { name: `${SCRIMS} full scrims, outsider`, token: outsider.token, path: listPath('NA', day), budget: 'big' },
    { name: `${SCRIMS} full scrims, player in one`, token: player.token, path: listPath('NA', day), budget: 'big' },
    { name: `${SCRIMS} full scrims, admin`, token: admin.token, path: listPath('NA', day), budget: 'big' },
    {
      name: `${DAY_SCRIMS}-scrim day, player in one`,
      token: player.token,
      path: listPath('NA', nextDay),
      budget: 'day',
    },
  ];
  const routes = {};
  for (const [i, target] of targets.entries()) {
    const answer = await fetchList(`${bench.url}${target.path}`, target.token);
    const expected = target.budget === 'big' ? SCRIMS : DAY_SCRIMS;
    if (answer.list.length !== expected) throw new Error(`${target.name}: expected ${expected} scrims`);
    target.answer = answer;
    target.ref = `/${i}`;
    routes[target.ref] = answer.reference;
    console.log(
      `${target.name}: ${(answer.identity.length / 1024).toFixed(1)} KB JSON, sent ${answer.encoding ?? 'identity'} ` +
        `${(answer.sent.length / 1024).toFixed(1)} KB; reference ${answer.reference.encoding} ` +
        `${(answer.reference.body.length / 1024).toFixed(1)} KB`,
    );
  }
  reference = await startBytesServer(routes);

  const headersOf = (target) => ({ authorization: `Bearer ${target.token}`, 'accept-encoding': ACCEPT });
  // Warm up (JIT, pools, caches), then ROUNDS interleaved rounds: each target, then its reference.
  for (const target of targets) {
    await hit(`${bench.url}${target.path}`, headersOf(target), 1);
    await hit(`${reference.url}${target.ref}`, { 'accept-encoding': ACCEPT }, 1);
  }
  for (let round = 1; round <= ROUNDS; round++) {
    loadAverages.push(load());
    for (const target of targets) {
      const api = await hit(`${bench.url}${target.path}`, headersOf(target), DURATION);
      const memory = await hit(`${reference.url}${target.ref}`, { 'accept-encoding': ACCEPT }, DURATION);
      results.push({ round, target, api, memory });
      console.log(
        `round ${round} ${target.name}: API ${fmt(api.requests.average, 0)} req/s p99 ${api.latency.p99} ms` +
          ` (non-2xx ${api.non2xx}, errors ${api.errors}); memory ${fmt(memory.requests.average, 0)} req/s` +
          ` p99 ${memory.latency.p99} ms; ratio ${fmt(api.requests.average / memory.requests.average, 3)};` +
          ` load ${load()}`,
      );
    }
  }
} finally {
  await reference?.stop();
  await bench.close();
}

// The embedded default: the same realistic day on PGlite, built through the API on the demo seed.
let pglite = null;
if (process.env.PGLITE !== '0') pglite = await measurePglite();

const checks = [];
for (const target of new Set(results.map((r) => r.target))) {
  const runs = results.filter((r) => r.target === target);
  const ratio = summary(runs.map((r) => r.api.requests.average / r.memory.requests.average));
  const api = summary(runs.map((r) => r.api.requests.average));
  const memory = summary(runs.map((r) => r.memory.requests.average));
  const p99 = summary(runs.map((r) => r.api.latency.p99));
  const failures = runs.reduce((n, r) => n + r.api.non2xx + r.api.errors, 0);
  const minRatio = target.budget === 'big' ? BUDGET.bigRatio : BUDGET.dayRatio;
  const sent = target.answer.encoding ?? 'identity';
  checks.push({
    figure: `GET /api/scrims, ${target.name} (${sent} ${(target.answer.sent.length / 1024).toFixed(1)} KB): req/s`,
    budget: `>= ${minRatio} x memory`,
    measured: `${fmt(api.median, 0)} req/s (rounds ${fmt(api.min, 0)}–${fmt(api.max, 0)}), p99 ${fmt(p99.median)} ms`,
    reference: `memory (${target.answer.reference.encoding} ${(target.answer.reference.body.length / 1024).toFixed(1)} KB): ${fmt(memory.median, 0)} req/s`,
    ratio: `${fmt(ratio.median, 3)} (${fmt(ratio.min, 3)}–${fmt(ratio.max, 3)})`,
    ok: ratio.median >= minRatio && failures === 0,
  });
  if (target.budget === 'day') {
    checks.push({
      figure: `GET /api/scrims, ${target.name}: p99 at ${CONNECTIONS} connections`,
      budget: `< ${BUDGET.dayP99Ms} ms (idle machine)`,
      measured: `${fmt(p99.median)} ms (rounds ${fmt(p99.min)}–${fmt(p99.max)})`,
      reference: `load average per round: ${loadAverages.join(' | ')}`,
      ok: p99.median < BUDGET.dayP99Ms,
    });
  }
}
if (pglite) {
  checks.push({
    figure: `GET /api/scrims on PGlite, ${DAY_SCRIMS}-scrim day, player in one (${pglite.encoding ?? 'identity'})`,
    budget: 'reported',
    measured: `${fmt(pglite.api.requests.average, 0)} req/s, p99 ${pglite.api.latency.p99} ms`,
    reference: `memory: ${fmt(pglite.memory.requests.average, 0)} req/s; load average ${pglite.load}`,
    ratio: fmt(pglite.api.requests.average / pglite.memory.requests.average, 3),
    ok: null,
  });
}
report(
  'scrims-list',
  `GET /api/scrims, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION} s, accept-encoding: ${ACCEPT}`,
  checks,
);

/** A 20-scrim day on PGlite: the demo seed's admin creates the scrims and puts the ten NA players in each. */
async function measurePglite() {
  const server = await startServer({ NODE_ENV: 'development', SEED_DEMO: 'true' });
  let memoryServer;
  try {
    const signIn = async (email) => {
      const res = await fetch(`${server.url}/api/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (!res.ok) throw new Error(`dev-login ${email}: ${res.status} ${await res.text()}`);
      const { token, user } = await res.json();
      return { token, id: user._id };
    };
    const call = async (token, method, path, body) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const adminUser = await signIn('admin@scrimgym.dev');
    const names = ['Faker Fan', 'Jungle Diff', 'Wardbot', 'Baron Steal', 'Smite Check', 'Flash On D'];
    names.push('Mid Or Feed', 'Support Gap', 'Tower Diver', 'Drake Soul', 'Pentakill Pete');
    const naPlayers = [];
    for (const name of names) naPlayers.push(await signIn(`${name.toLowerCase().replace(/\s+/g, '.')}@scrimgym.dev`));
    // Two days ahead (UTC), clear of the demo's scrims.
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    day.setTime(day.getTime() + 2 * 24 * HOUR);
    for (let s = 0; s < DAY_SCRIMS; s++) {
      const scrim = await call(adminUser.token, 'POST', '/api/scrims', {
        title: `PGlite bench ${s + 1}`,
        region: 'NA',
        gameStartTime: new Date(day.getTime() + 9 * HOUR + s * 40 * 60_000).toISOString(),
        isWithCasters: true,
      });
      // Ten full scrims, ten with 4 players; the viewer (naPlayers[0]) plays in the first one only.
      const roster = (s === 0 ? naPlayers.slice(0, 10) : naPlayers.slice(1, 11)).slice(0, s < DAY_SCRIMS / 2 ? 10 : 4);
      for (const [j, user] of roster.entries()) {
        await call(adminUser.token, 'PATCH', `/api/scrims/${scrim._id}/admin-assign-player`, {
          userId: user.id,
          teamName: SLOTS[j].team,
          role: SLOTS[j].role,
        });
      }
    }
    const path = listPath('NA', day);
    const viewer = naPlayers[0];
    const answer = await fetchList(`${server.url}${path}`, viewer.token);
    if (answer.list.length !== DAY_SCRIMS) throw new Error(`PGlite: expected ${DAY_SCRIMS} scrims`);
    memoryServer = await startBytesServer({ '/day': answer.reference });
    const headers = { authorization: `Bearer ${viewer.token}`, 'accept-encoding': ACCEPT };
    await hit(`${server.url}${path}`, headers, 1);
    await hit(`${memoryServer.url}/day`, { 'accept-encoding': ACCEPT }, 1);
    const loadBefore = load();
    const api = await hit(`${server.url}${path}`, headers, DURATION);
    const memory = await hit(`${memoryServer.url}/day`, { 'accept-encoding': ACCEPT }, DURATION);
    console.log(
      `PGlite ${DAY_SCRIMS}-scrim day: API ${fmt(api.requests.average, 0)} req/s p99 ${api.latency.p99} ms; ` +
        `memory ${fmt(memory.requests.average, 0)} req/s`,
    );
    return { api, memory, encoding: answer.encoding, load: loadBefore };
  } finally {
    await memoryServer?.stop();
    await server.stop();
  }
}
