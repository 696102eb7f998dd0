import pg from 'pg';
import { createClient } from 'redis';

/**
 * The outside services some suites need: PostgreSQL and Redis on this machine (override with TEST_DATABASE_URL /
 * TEST_POSTGRES_URL and TEST_REDIS_URL). A developer without them gets a loud skip; under CI=true a missing
 * service fails the suite, since `.ci/run` installs and starts both.
 */
export const TEST_POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function postgresReachable(url = TEST_POSTGRES_URL) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function redisReachable(url = TEST_REDIS_URL) {
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

/** A URL without its password, for messages. */
export function redact(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Whether `suite` can run: true when `available`. Otherwise it prints why, loudly, and returns false so the
 * suite is skipped, except under CI=true, where it throws: CI never passes by skipping.
 */
export function requireService({ suite, available, missing }: { suite: string; available: boolean; missing: string }) {
  if (available) return true;
  if (process.env.CI) throw new Error(`${suite} needs ${missing} (CI=true: a missing service is a failure)`);
  const banner = '!'.repeat(100);
  console.warn(`\n${banner}\n!!! SKIPPING ${suite}: ${missing}\n${banner}\n`);
  return false;
}

/** Redis for `suite`: true when it answers; see requireService. */
export async function requireRedis(suite: string) {
  return requireService({
    suite,
    available: await redisReachable(),
    missing: `Redis at ${redact(TEST_REDIS_URL)} (set TEST_REDIS_URL)`,
  });
}

/** PostgreSQL for `suite`: true when it answers; see requireService. */
export async function requirePostgres(suite: string) {
  return requireService({
    suite,
    available: await postgresReachable(),
    missing: `PostgreSQL at ${redact(TEST_POSTGRES_URL)} (set TEST_DATABASE_URL)`,
  });
}
