// Shared pieces of the PostgreSQL bench scripts (scrims-list, slot-joins): a throwaway database, the built server
// on it, users with sessions inserted by SQL, percentiles, and autocannon loaded from wherever it is installed.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { startServer } from './lib.mjs';

export const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** autocannon, from the workspace (root devDependency) or NODE_PATH. */
export function loadAutocannon() {
  const require = createRequire(import.meta.url);
  try {
    return require('autocannon');
  } catch {
    console.error(
      'autocannon is not installed: add it as a root devDependency (npm i -D autocannon), or set NODE_PATH.',
    );
    process.exit(2);
  }
}

/** Builds apps/server/dist/server.js when it is missing (or when BUILD=1). */
export function ensureServerBuild() {
  if (existsSync('apps/server/dist/server.js') && process.env.BUILD !== '1') return;
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('server build failed');
}

/**
 * Creates `scrimgym_bench_<pid>`, starts the built server on it (it migrates at start; no demo seed) and returns
 * a pg pool on it plus `close()`, which stops the server and drops the database.
 */
export async function startBenchServer({ env = {} } = {}) {
  ensureServerBuild();
  const name = `scrimgym_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(BASE_URL, name);
  let server;
  let pool;
  const close = async () => {
    await server?.stop().catch(() => {});
    await pool?.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    server = await startServer({
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost',
      LOG_LEVEL: 'warn',
      ...env,
    });
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on('error', () => {});
  } catch (error) {
    await close();
    throw error;
  }
  return { url: server.url, pool, databaseUrl, name, close };
}

/**
 * Inserts `count` users of a region with a session each (the token's SHA-256 in sessions.token_hash, as
 * apps/server/src/lib/tokens.ts does) and returns [{id, token}] in insertion order.
 */
export async function insertUsers(pool, { count, region = 'NA', prefix = 'bench', isAdmin = false }) {
  const tag = randomBytes(3).toString('hex');
  const { rows } = await pool.query(
    `insert into users (uid, email, name, summoner_tagline, region, rank, discord, is_admin)
     select 'dev|' || $1 || i || '@bench.dev', $1 || i || '@bench.dev', $2 || ' ' || i, 'NA1', $3::region, 'Gold 2', $1 || '_' || i, $4
     from generate_series(1, $5::int) as i
     returning id, email`,
    [`${prefix}${tag}_`, `${prefix} ${tag}`, region, isAdmin, count],
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await pool.query(
    `insert into sessions (token_hash, user_id, identity_provider, identity_subject, identity_email, expires_at)
     select h, u, 'dev', e, e, now() + interval '1 day' from unnest($1::text[], $2::uuid[], $3::text[]) as t(h, u, e)`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), rows.map((r) => r.id), rows.map((r) => r.email)],
  );
  return rows.map((r, i) => ({ id: r.id, token: tokens[i] }));
}

export const SLOTS = ['teamOne', 'teamTwo'].flatMap((team) =>
  ['Top', 'Jungle', 'Mid', 'ADC', 'Support'].map((role) => ({ team, role })),
);

/** Inserts `count` public scrims of a region starting between `from` and `to`; returns their ids. */
export async function insertScrims(pool, { count, region = 'NA', from, to, createdBy = null, withCasters = false }) {
  const span = to.getTime() - from.getTime();
  const starts = Array.from({ length: count }, (_, i) => new Date(from.getTime() + Math.floor((span * i) / count)));
  const { rows } = await pool.query(
    `insert into scrims (title, region, game_start_time, lobby_name, lobby_password, created_by, is_with_casters, max_casters_allowed_count)
     select 'Bench scrim ' || n, $1::region, s, 'Bench lobby ' || n, substr(md5(n::text), 1, 8), $2::uuid, $3, case when $3 then 2 else 0 end
     from unnest($4::timestamptz[]) with ordinality as t(s, n)
     returning id`,
    [region, createdBy, withCasters, starts],
  );
  return rows.map((r) => r.id);
}

/** p-th percentile (0..100) of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
