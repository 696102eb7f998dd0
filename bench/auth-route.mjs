// What a session costs a request: GET /api/auth/session, the SPA's boot call and the most trivial
// route that needs an identity, with a valid token against the same route without one, on the built server on
// PostgreSQL, in one run; and GET /api/server-status with a session cookie against without (a public route: the
// cookie should cost nothing). 3 interleaved rounds, 50 connections; load average beside each reference. Then the
// same session route on the embedded default (PGlite, the built server on a fresh data folder), reported only:
// its sessions come from the dev sign-in (identities without accounts, 50: the sign-in budget per address).
// Usage: node bench/auth-route.mjs   (env: DATABASE_URL, CONNECTIONS=50, DURATION=5, ROUNDS=3, USERS=500, BUILD=1,
// PGLITE=0 to skip the PGlite part)
import { loadavg } from 'node:os';
import { report, startServer } from './lib.mjs';
import { fmt, insertUsers, loadAutocannon, startBenchServer } from './postgres.mjs';

const autocannon = loadAutocannon();
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
// Tokens are spread over this many users (one session each), so the server sees many sessions, not one.
const USERS = Number(process.env.USERS ?? 500);
const BUDGET = { withToken: 0.5, cookieOnPublic: 0.9 };

const SESSION = '/api/auth/session';
const STATUS = '/api/server-status';

/**
 * `duration` seconds of GET `path` at CONNECTIONS connections; with `tokens`, each request carries the next one
 * (as Bearer, or as the sg_session cookie with `asCookie`). Every run builds its requests the same way (one
 * `setupRequest` call each, without a credential for the references): autocannon shares the 2 cores with the
 * server, so a client that works harder for one side would bias the ratio.
 */
function load(url, path, { tokens = null, asCookie = false, duration = DURATION } = {}) {
  let next = 0;
  const credential = () => {
    if (!tokens) return {};
    const token = tokens[next++ % tokens.length];
    return asCookie ? { cookie: `sg_session=${token}` } : { authorization: `Bearer ${token}` };
  };
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    pipelining: 1,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...credential() } }),
      },
    ],
  });
}

const load1 = () => loadavg()[0].toFixed(2);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const failures = (r) => r.errors + r.non2xx;

/** 3 interleaved rounds of GET /api/auth/session on the embedded database: with a token, without. */
async function measurePglite() {
  const server = await startServer({ DATABASE_URL: '', NODE_ENV: 'development', SEED_DEMO: 'false' });
  try {
    const tokens = [];
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${server.url}/api/auth/dev-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-${i}@bench.dev` }),
      });
      if (!res.ok) throw new Error(`dev sign-in: ${res.status} ${await res.text()}`);
      tokens.push((await res.json()).token);
    }
    await load(server.url, SESSION, { tokens, duration: 2 });
    await load(server.url, SESSION, { duration: 1 });
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const loadBefore = load1();
      const withToken = await load(server.url, SESSION, { tokens });
      const withoutToken = await load(server.url, SESSION);
      rounds.push({ loadBefore, loadAfter: load1(), withToken, withoutToken });
    }
    return rounds;
  } finally {
    await server.stop();
  }
}

const bench = await startBenchServer();
try {
  const users = await insertUsers(bench.pool, { count: USERS, prefix: 'session' });
  const tokens = users.map((u) => u.token);
  await bench.pool.query('analyze');

  // The answers are what they should be: a user with the token, signed out without.
  const signedIn = await (
    await fetch(`${bench.url}${SESSION}`, { headers: { authorization: `Bearer ${tokens[0]}` } })
  ).json();
  if (signedIn.user?._id !== users[0].id) throw new Error(`GET ${SESSION} with a token: ${JSON.stringify(signedIn)}`);
  const signedOut = await (await fetch(`${bench.url}${SESSION}`)).json();
  if (signedOut.user !== null) throw new Error(`GET ${SESSION} without a token: ${JSON.stringify(signedOut)}`);

  // Warm-up (JIT, pool, and every session's first activity write).
  await load(bench.url, SESSION, { tokens, duration: 2 });
  await load(bench.url, SESSION, { duration: 1 });
  await load(bench.url, STATUS, { tokens, asCookie: true, duration: 1 });

  const rounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const loadBefore = load1();
    const withToken = await load(bench.url, SESSION, { tokens });
    const withoutToken = await load(bench.url, SESSION);
    const statusCookie = await load(bench.url, STATUS, { tokens, asCookie: true });
    const statusBare = await load(bench.url, STATUS);
    rounds.push({ round, loadBefore, loadAfter: load1(), withToken, withoutToken, statusCookie, statusBare });
  }

  const row = (name, r, round) => ({
    round,
    target: name,
    'req/s': fmt(r.requests.average, 0),
    'p50 ms': fmt(r.latency.p50),
    'p99 ms': fmt(r.latency.p99),
    'non-2xx': r.non2xx,
    errors: r.errors,
  });
  console.log(`\n${USERS} sessions, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} interleaved rounds`);
  console.table(
    rounds.flatMap((r) => [
      row(`${SESSION} with a token`, r.withToken, r.round),
      row(`${SESSION} without`, r.withoutToken, r.round),
      row(`${STATUS} with a session cookie`, r.statusCookie, r.round),
      row(`${STATUS} without`, r.statusBare, r.round),
    ]),
  );

  const ratios = (a, b) => rounds.map((r) => r[a].requests.average / r[b].requests.average);
  const sessionRatios = ratios('withToken', 'withoutToken');
  const statusRatios = ratios('statusCookie', 'statusBare');
  const reqs = (key) => rounds.map((r) => fmt(r[key].requests.average, 0)).join(' / ');
  const loads = rounds.map((r) => `${r.loadBefore}→${r.loadAfter}`).join(', ');
  const pglite = process.env.PGLITE === '0' ? null : await measurePglite();
  const pgliteRatios = pglite?.map((r) => r.withToken.requests.average / r.withoutToken.requests.average) ?? [];
  const anyFailure = [...rounds, ...(pglite ?? [])].some((r) =>
    ['withToken', 'withoutToken', 'statusCookie', 'statusBare'].some((k) => r[k] && failures(r[k]) > 0),
  );

  report(
    'auth-route',
    `A session's cost per request: ${USERS} sessions, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s`,
    [
      {
        figure: `GET ${SESSION} with a token (trivial authenticated route)`,
        budget: `>= ${BUDGET.withToken} × without a token`,
        measured: `${reqs('withToken')} req/s (p99 ${rounds.map((r) => fmt(r.withToken.latency.p99)).join(' / ')} ms)`,
        reference: `without a token: ${reqs('withoutToken')} req/s; load average (1 min) ${loads}`,
        ratio: `${fmt(median(sessionRatios), 2)} (rounds ${sessionRatios.map((x) => fmt(x, 2)).join(' / ')})`,
        ok: median(sessionRatios) >= BUDGET.withToken,
      },
      {
        figure: `GET ${STATUS} with a session cookie`,
        budget: `~1.0 × without (>= ${BUDGET.cookieOnPublic})`,
        measured: `${reqs('statusCookie')} req/s`,
        reference: `without a cookie: ${reqs('statusBare')} req/s; load average (1 min) ${loads}`,
        ratio: `${fmt(median(statusRatios), 2)} (rounds ${statusRatios.map((x) => fmt(x, 2)).join(' / ')})`,
        ok: median(statusRatios) >= BUDGET.cookieOnPublic,
      },
      ...(pglite
        ? [
            {
              figure: `GET ${SESSION} with a token, embedded PGlite (50 identity sessions)`,
              budget: 'reported',
              measured: `${pglite.map((r) => fmt(r.withToken.requests.average, 0)).join(' / ')} req/s`,
              reference: `without a token: ${pglite.map((r) => fmt(r.withoutToken.requests.average, 0)).join(' / ')} req/s; load average (1 min) ${pglite.map((r) => `${r.loadBefore}→${r.loadAfter}`).join(', ')}`,
              ratio: `${fmt(median(pgliteRatios), 2)} (rounds ${pgliteRatios.map((x) => fmt(x, 2)).join(' / ')})`,
              ok: null,
            },
          ]
        : []),
      {
        figure: 'errors and non-2xx answers',
        budget: '0',
        measured: anyFailure ? 'some (see the table above)' : '0',
        ok: !anyFailure,
      },
    ],
  );
} finally {
  await bench.close();
}
