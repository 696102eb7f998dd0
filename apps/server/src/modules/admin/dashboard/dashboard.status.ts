import type { ServiceStatus, SystemStatus } from '@scrim-gym/shared';
import type { DatabaseHandle } from '../../../db/client.js';
import type { RedisHandle } from '../../../lib/redis.js';
import type { AppServer } from '../../../plugins/io.js';
import { isRiotError, type RiotClient } from '../../riot/index.js';

/** A database answering slower than this is shown as a warning. */
const SLOW_DATABASE_MS = 250;
/** The longest the status page waits for Socket.IO's adapter or for Riot. */
const PROBE_TIMEOUT_MS = 3000;
/** Riot's platform status is asked at most once a minute per process (it counts against the API key's limits). */
const RIOT_STATUS_TTL_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function databaseStatus(database: DatabaseHandle): Promise<SystemStatus['services']['database']> {
  try {
    const latency = await database.ping();
    return { status: latency > SLOW_DATABASE_MS ? 'warning' : 'operational', latency };
  } catch {
    return { status: 'error', latency: null };
  }
}

/** Connected sockets on every instance (fetchSockets asks the other instances through the adapter). */
async function websocketStatus(
  io: AppServer,
  redis: RedisHandle | null,
): Promise<SystemStatus['services']['websocket']> {
  // Redis down: the adapter answers for this instance alone.
  if (redis && !redis.healthy) return { status: 'warning', connections: io.of('/').sockets.size };
  const all = await withTimeout(
    io.fetchSockets().then(
      (sockets) => sockets.length,
      () => null,
    ),
    PROBE_TIMEOUT_MS,
    null,
  );
  // Without an answer from every instance, this instance's own count, as a warning.
  return all === null
    ? { status: 'warning', connections: io.of('/').sockets.size }
    : { status: 'operational', connections: all };
}

/** Riot's answer to the platform status call: 200, 429, 401/403; no key is inactive. */
export function riotStatusOf(error: unknown): ServiceStatus {
  if (!isRiotError(error)) return 'error';
  if (error.kind === 'not_configured') return 'inactive';
  if (error.kind === 'rate_limited') return 'warning';
  return 'error';
}

const riotProbes = new WeakMap<RiotClient, { at: number; status: Promise<ServiceStatus> }>();

function riotApiStatus(riot: RiotClient): Promise<ServiceStatus> {
  if (!riot.isConfigured) return Promise.resolve('inactive');
  const cached = riotProbes.get(riot);
  if (cached && Date.now() - cached.at < RIOT_STATUS_TTL_MS) return cached.status;
  const status = withTimeout(
    riot.getPlatformStatus({ region: 'NA' }).then((): ServiceStatus => 'operational', riotStatusOf),
    PROBE_TIMEOUT_MS,
    'unknown' as ServiceStatus,
  );
  riotProbes.set(riot, { at: Date.now(), status });
  return status;
}

/** GET /admin/server-status. The app sends no email yet: the email service is inactive. */
export async function getSystemStatus({
  database,
  io,
  riot,
  redis = null,
}: {
  database: DatabaseHandle;
  io: AppServer;
  riot: RiotClient;
  redis?: RedisHandle | null;
}): Promise<SystemStatus> {
  const [db, websocket, riotStatus] = await Promise.all([
    databaseStatus(database),
    websocketStatus(io, redis),
    riotApiStatus(riot),
  ]);
  const redisStatus: ServiceStatus = redis ? (redis.healthy ? 'operational' : 'error') : 'inactive';
  return {
    services: {
      database: db,
      websocket,
      riotApi: { status: riotStatus },
      emailService: { status: 'inactive' },
      redis: { status: redisStatus },
    },
    checkedAt: new Date().toISOString(),
  };
}
