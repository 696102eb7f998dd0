// Balancing one lobby (apps/server/src/modules/ratings, balanceTeams): the exact search over side splits and role
// assignments, timed on 1,000 random lobbies of ten (seeded, so every run sees the same lobbies: ratings from the
// rank seeds or anywhere, roles at random with Fill). Budget: p99 under 20 ms for one lobby. Reference in the same
// run: a plain brute force over the whole 252 × 120 × 120 space (every split, both sides' 120 role orders) with
// the same objective, on a few of the same lobbies, whose answers must equal balanceTeams' answers.
// Route level: the tenth sign-up of a balanced scrim (POST /api/scrims/:id/signup through app.inject, in process, on
// PGlite in memory: lock, checks, the sign-up, the ten read with their ratings, balanceTeams, ten player rows, the
// stored balance, the host, ten notifications, the scrim read back and published), on ROUTE_LOBBIES scrims.
// Usage: node bench/balance.mjs   (env: LOBBIES=1000, REFERENCE_LOBBIES=5, ROUTE_LOBBIES=30 (0: skip the route);
// loads the TypeScript through tsx)
import { loadavg } from 'node:os';
import { tsImport } from 'tsx/esm/api';
import { report } from './lib.mjs';
import { fmt, percentile } from './postgres.mjs';

const LOBBIES = Number(process.env.LOBBIES ?? 1000);
const ROUTE_LOBBIES = Number(process.env.ROUTE_LOBBIES ?? 30);
const REFERENCE_LOBBIES = Number(process.env.REFERENCE_LOBBIES ?? 5);
const ratings = await tsImport('../apps/server/src/modules/ratings/index.ts', import.meta.url);
const { balanceTeams, roleFit, SECONDARY_ROLE_PENALTY, OFF_ROLE_PENALTY } = ratings;
const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];
const MU_UNITS = 1_000_000;

/** mulberry32: a small seeded generator, so the lobbies are the same in every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(16);
const pick = (list) => list[Math.floor(next() * list.length)];
const RANKS = [
  'Unranked',
  'Iron 4',
  'Bronze 2',
  'Silver 1',
  'Gold 4',
  'Gold 1',
  'Platinum 3',
  'Emerald 2',
  'Diamond 1',
  'Master',
  'Challenger',
];
function lobby() {
  return Array.from({ length: 10 }, () => ({
    userId: crypto.randomUUID(),
    rating: next() < 0.5 ? ratings.seedRating(pick(RANKS)) : { mu: 10 + 40 * next(), sigma: 1 + 7 * next() },
    primaryRole: pick([...ROLES, 'Fill']),
    secondaryRole: pick([...ROLES, 'Fill']),
  }));
}

/** The reference: every split × 120 × 120 role orders, same objective and order as balanceTeams (unpruned). */
const ORDERS = [];
const walk = (prefix) => {
  if (prefix.length === 5) return void ORDERS.push(prefix);
  for (let r = 0; r < 5; r++) if (!prefix.includes(r)) walk([...prefix, r]);
};
walk([]);
const PENALTY = [0, SECONDARY_ROLE_PENALTY * MU_UNITS, OFF_ROLE_PENALTY * MU_UNITS];
/** Lexicographic: a before b. */
function better(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
function bruteForce(players) {
  const sorted = [...players].sort((a, b) => (a.userId < b.userId ? -1 : 1));
  const units = sorted.map((p) => Math.round(p.rating.mu * MU_UNITS));
  const fits = sorted.map((p) => ROLES.map((role) => roleFit(p, role)));
  let best = null;
  for (let mask = 0; mask < 1024; mask++) {
    const blue = [];
    const red = [];
    for (let i = 0; i < 10; i++) (mask & (1 << i) ? blue : red).push(i);
    if (blue.length !== 5) continue;
    for (const b of ORDERS) {
      for (const r of ORDERS) {
        let delta = 0;
        let off = 0;
        let primary = 0;
        let order = 0;
        for (let k = 0; k < 5; k++) {
          const fb = fits[blue[k]][b[k]];
          const fr = fits[red[k]][r[k]];
          delta += units[blue[k]] - PENALTY[fb] - units[red[k]] + PENALTY[fr];
          off += (fb === 2) + (fr === 2);
          primary += (fb === 0) + (fr === 0);
          order += b[k] * 10 ** (9 - blue[k]) + (5 + r[k]) * 10 ** (9 - red[k]);
        }
        const key = [Math.abs(delta), off, -primary, order];
        if (!best || better(key, best.key)) best = { key, blue, red, b, r };
      }
    }
  }
  const seats = (members, roles) =>
    members
      .map((i, k) => ({ userId: sorted[i].userId, role: ROLES[roles[k]] }))
      .sort((x, y) => ROLES.indexOf(x.role) - ROLES.indexOf(y.role));
  return { blue: seats(best.blue, best.b), red: seats(best.red, best.r) };
}

const load = loadavg()
  .map((v) => v.toFixed(2))
  .join(' ');
const lobbies = Array.from({ length: LOBBIES }, lobby);
for (const players of lobbies.slice(0, 50)) balanceTeams(players); // warm-up
const times = lobbies.map((players) => {
  const started = performance.now();
  balanceTeams(players);
  return performance.now() - started;
});
const referenceTimes = lobbies.slice(0, REFERENCE_LOBBIES).map((players) => {
  const started = performance.now();
  const expected = bruteForce(players);
  const ms = performance.now() - started;
  const { blue, red } = balanceTeams(players);
  if (JSON.stringify({ blue, red }) !== JSON.stringify(expected))
    throw new Error('balanceTeams differs from the brute force');
  return ms;
});
/** The tenth sign-up through the app (in process, PGlite in memory): its time per lobby. */
async function routeTimes() {
  const server = (path) => tsImport(`../apps/server/src/${path}`, import.meta.url);
  const [{ buildApp }, { loadConfig }, { openDatabase }, factories, schema] = await Promise.all([
    server('app.ts'),
    server('config.ts'),
    server('db/client.ts'),
    server('test/factories.ts'),
    server('db/schema/index.ts'),
  ]);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.ready();
  const db = database.db;
  const signUp = (scrimId, token) =>
    app.inject({ method: 'POST', url: `/api/scrims/${scrimId}/signup`, headers: { authorization: `Bearer ${token}` } });
  const out = [];
  try {
    for (let i = 0; i < ROUTE_LOBBIES + 3; i++) {
      const [scrim] = await db
        .insert(schema.scrims)
        .values({
          title: `Bench ${i}`,
          region: 'NA',
          gameStartTime: new Date(Date.now() + 3_600_000),
          lobbyName: `Bench ${i}`,
          lobbyPassword: 'bench123',
          mode: 'balanced',
        })
        .returning();
      const players = [];
      for (let k = 0; k < 10; k++) players.push(await factories.createUser({ db, rank: pick(RANKS.slice(1)) }));
      await db.insert(schema.scrimSignups).values(
        players.slice(0, 9).map((p) => ({
          scrimId: scrim.id,
          userId: p.id,
          primaryRole: pick([...ROLES, 'Fill']),
          secondaryRole: pick([...ROLES, 'Fill']),
        })),
      );
      const started = performance.now();
      const res = await signUp(scrim.id, players[9].token);
      const ms = performance.now() - started;
      if (res.statusCode !== 200 || res.json().teamOne.length !== 5) throw new Error(`tenth sign-up: ${res.body}`);
      if (i >= 3) out.push(ms); // the first three warm the statements up
    }
  } finally {
    await app.close();
    await database.close();
  }
  return out;
}
const route = ROUTE_LOBBIES > 0 ? await routeTimes() : null;

const p50 = percentile(times, 50);
const p99 = percentile(times, 99);
const reference = percentile(referenceTimes, 50);
const referenceText = `plain brute force (252 × 120 × 120) ${fmt(reference, 0)} ms per lobby (median of ${REFERENCE_LOBBIES}, same answers); load average ${load}`;
report('balance', `balanceTeams: one lobby of ten, exact split and roles (${LOBBIES} random lobbies)`, [
  {
    figure: 'p50 per lobby',
    budget: 'reported',
    measured: `${fmt(p50, 2)} ms`,
    reference: referenceText,
    ratio: fmt(p50 / reference, 4),
    ok: null,
  },
  {
    figure: 'p99 per lobby',
    budget: '<= 20 ms',
    measured: `${fmt(p99, 2)} ms`,
    reference: referenceText,
    ratio: fmt(p99 / reference, 4),
    ok: p99 <= 20,
  },
  ...(route
    ? [
        {
          figure: 'the tenth sign-up (route, PGlite)',
          budget: 'reported',
          measured: `p50 ${fmt(percentile(route, 50), 1)} ms, p99 ${fmt(percentile(route, 99), 1)} ms`,
          reference: `POST /api/scrims/:id/signup through app.inject on PGlite in memory, ${route.length} lobbies; balanceTeams p99 above`,
          ratio: fmt(percentile(route, 99) / p99, 1),
          ok: null,
        },
      ]
    : []),
]);
