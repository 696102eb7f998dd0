import {
  RANK_DIVISIONS,
  REGIONS,
  RESULT_MESSAGES,
  teamDisplayName,
  sortByRankChartOrder,
  type Activity,
  type ActivityStatus,
  type DashboardStats,
  type ResultStatus,
  type ServiceStatus,
  type SystemStatus,
  type TeamName,
} from '@scrim-gym/shared';
import type { Database, DatabaseHandle } from '../../db/client.js';
import { formatUsDate } from '../../lib/dates.js';
import type { RedisHandle } from '../../lib/redis.js';
import { isRiotError, type RiotClient } from '../riot/index.js';
import { ACTIVITY_FROM_OWN_TABLES, AUDIT_ACTIONS } from '../audit/index.js';
import {
  countBans,
  countScrims,
  countScrimsByDay,
  countUsers,
  countUsersByMonth,
  countUsersByRegionAndTier,
  dashboardInstants,
  findNewestAuditEntries,
  findNewestBans,
  findNewestLifts,
  findNewestScrims,
  findNewestUsers,
} from './dashboard.repository.js';
import type { AppServer } from '../../plugins/io.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last 7 UTC days, oldest first, with a count for each (zero when absent). */
export function lastSevenDays(counts: { day: string; scrims: number }[], now = new Date()) {
  const byDay = new Map(counts.map((c) => [c.day, c.scrims]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(today - (6 - i) * DAY_MS);
    const key = date.toISOString().slice(0, 10);
    return { day: WEEKDAYS[date.getUTCDay()]!, date: key, scrims: byDay.get(key) ?? 0 };
  });
}

/** Region and rank distributions from the (region, tier) counts; "Gold 2" counts as Gold. */
export function distributions(rows: { region: string; tier: string; count: number }[]) {
  const byRegion = new Map<string, number>();
  const byRank = new Map<string, number>();
  for (const { region, tier, count } of rows) {
    byRegion.set(region, (byRegion.get(region) ?? 0) + count);
    const rank = RANK_DIVISIONS.find((d) => d.toLowerCase() === tier.toLowerCase()) ?? (tier || 'Unknown');
    byRank.set(rank, (byRank.get(rank) ?? 0) + count);
  }
  const regions = [...REGIONS, ...[...byRegion.keys()].filter((r) => !REGIONS.includes(r as never))];
  return {
    regionDistribution: regions
      .filter((r) => byRegion.has(r))
      .map((region) => ({ region, count: byRegion.get(region)! })),
    rankDistribution: sortByRankChartOrder([...byRank].map(([rank, count]) => ({ rank, count }))),
  };
}

/** GET /admin/dashboard-stats: a few aggregate queries, run concurrently. */
export async function getDashboardStats({
  db,
  now = new Date(),
}: {
  db: Database;
  now?: Date;
}): Promise<DashboardStats> {
  const at = dashboardInstants(now);
  const [userCounts, monthly, regionTier, scrimCounts, scrimDays, banStatistics] = await Promise.all([
    countUsers({ db, at }),
    countUsersByMonth({ db }),
    countUsersByRegionAndTier({ db }),
    countScrims({ db, at }),
    countScrimsByDay({ db, at }),
    countBans({ db }),
  ]);
  return {
    totalUsers: userCounts.total,
    totalScrims: scrimCounts.total,
    weeklyNewUsers: userCounts.weekly,
    weeklyNewScrims: scrimCounts.weekly,
    activeToday: userCounts.activeToday,
    monthlyUserGrowth: monthly,
    weeklyScrimActivity: lastSevenDays(scrimDays, now),
    ...distributions(regionTier),
    banStatistics,
  };
}

/** How many of each kind of event are read; the merged list keeps the newest RECENT_ACTIVITIES. */
const PER_KIND = 20;
export const RECENT_ACTIVITIES = 30;

const SCRIM_ACTION_TEXTS: Record<string, string> = {
  [AUDIT_ACTIONS.editScrim]: 'edited',
  [AUDIT_ACTIONS.deleteScrim]: 'deleted',
  [AUDIT_ACTIONS.regenerateCode]: 'regenerated the tournament code of',
  [AUDIT_ACTIONS.assignPlayer]: 'assigned a player in',
  [AUDIT_ACTIONS.fillRandom]: 'filled the empty slots of',
  [AUDIT_ACTIONS.swapPlayers]: 'swapped players in',
  [AUDIT_ACTIONS.balanceTeams]: 'balanced the teams of',
  [AUDIT_ACTIONS.kickPlayer]: 'kicked a player from',
  [AUDIT_ACTIONS.removeCaster]: 'removed a caster from',
  [AUDIT_ACTIONS.setWinner]: 'set the winner of',
  [AUDIT_ACTIONS.addImage]: 'uploaded the post-game image of',
  [AUDIT_ACTIONS.removeImage]: 'deleted the post-game image of',
  [AUDIT_ACTIONS.cancelScrim]: 'cancelled',
  [AUDIT_ACTIONS.playerLeft]: 'left',
  [AUDIT_ACTIONS.substitute]: 'brought in a substitute in',
};

/** The regions' Discord webhooks (the URL itself, even masked, stays in the audit row's details). */
const DISCORD_ACTION_TEXTS: Record<string, (admin: string, region: string) => string> = {
  [AUDIT_ACTIONS.discordWebhookSet]: (admin, region) => `${admin} set the Discord webhook of ${region}`,
  [AUDIT_ACTIONS.discordWebhookRemove]: (admin, region) => `${admin} removed the Discord webhook of ${region}`,
  [AUDIT_ACTIONS.discordWebhookGone]: (_admin, region) =>
    `The Discord webhook of ${region} was deleted in Discord and removed`,
};

type AuditRow = Awaited<ReturnType<typeof findNewestAuditEntries>>[number];

/** The user an audit row is about, for the activity's link (nothing when the account is gone). */
const targetUserDetails = (row: AuditRow) =>
  row.targetUserId
    ? {
        userId: row.targetUserId,
        userName: row.targetUserName!,
        summonerTagline: row.targetUserTagline!,
        region: row.targetUserRegion!,
        rank: row.targetUserRank!,
      }
    : {};

function auditActivity(row: AuditRow): Activity {
  // A community host's action on their own scrim reads "Name (host) edited scrim …".
  const asHost = row.details.asHost === true;
  const admin = row.actorName ? `${row.actorName}${asHost ? ' (host)' : ''}` : asHost ? 'A host' : 'An admin';
  const timestamp = row.at.toISOString();
  if (row.action === AUDIT_ACTIONS.adminKeyFailed) {
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${row.targetUserName ?? 'A user'} entered a wrong admin key`,
      timestamp,
      status: 'refused',
      details: targetUserDetails(row),
    };
  }
  if (row.action === AUDIT_ACTIONS.clearCooldown) {
    const who = row.targetUserName ?? 'a user';
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${admin} cleared ${who}'s no-show cooldown`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  if (row.action === AUDIT_ACTIONS.grantHost || row.action === AUDIT_ACTIONS.revokeHost) {
    const user = row.targetUserName ?? 'a user';
    const region = typeof row.details.region === 'string' ? row.details.region : 'a region';
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description:
        row.action === AUDIT_ACTIONS.grantHost
          ? `${admin} made ${user} a community host of ${region}`
          : `${admin} removed ${user} as community host of ${region}`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  if (row.action === AUDIT_ACTIONS.updateUser) {
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${admin} updated ${row.targetUserName ?? 'a user'}'s profile`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  const discord = DISCORD_ACTION_TEXTS[row.action];
  if (discord) {
    const region = typeof row.details.region === 'string' ? row.details.region : undefined;
    return {
      _id: `audit:${row.id}`,
      type: 'scrim',
      description: discord(row.actorName ? row.actorName : 'An admin', region ?? 'a region'),
      timestamp,
      status: row.action === AUDIT_ACTIONS.discordWebhookSet ? 'updated' : 'deleted',
      details: { ...(region && { region }) },
    };
  }
  const title = row.scrimTitle ?? (typeof row.details.title === 'string' ? row.details.title : 'a scrim');
  if (row.action === AUDIT_ACTIONS.noShowPenalty) {
    const strikes = typeof row.details.strikes === 'number' ? row.details.strikes : null;
    return {
      _id: `audit:${row.id}`,
      type: 'user',
      description: `${row.targetUserName ?? 'A player'} did not show up for scrim "${title}"${strikes ? ` (no-show ${strikes})` : ''}`,
      timestamp,
      status: 'updated',
      details: targetUserDetails(row),
    };
  }
  const verb = SCRIM_ACTION_TEXTS[row.action] ?? row.action;
  return {
    _id: `audit:${row.id}`,
    type: 'scrim',
    description: `${admin} ${verb} scrim "${title}"`,
    timestamp,
    status: row.action === AUDIT_ACTIONS.deleteScrim ? 'deleted' : 'updated',
    details: { ...(row.scrimId && { scrimId: row.scrimId }), ...(row.scrimRegion && { region: row.scrimRegion }) },
  };
}

/** A scrim with a winner is 'completed' only once the result is confirmed; until then it says where it stands. */
const resultActivityStatus = (status: ResultStatus | null): ActivityStatus =>
  status === 'pending' || status === 'disputed' ? status : 'completed';

function resultActivityDescription(title: string, team: TeamName, status: ResultStatus | null) {
  if (status === 'pending') return RESULT_MESSAGES.pendingActivity(title, teamDisplayName(team));
  if (status === 'disputed') return RESULT_MESSAGES.disputedActivity(title);
  return `Scrim "${title}" completed: ${teamDisplayName(team)} won`;
}

/**
 * GET /admin/recent-activities: scrims created and completed, users registered, bans and
 * lifts, and the admin actions of the audit log, merged newest first.
 */
export async function getRecentActivities({ db }: { db: Database }): Promise<Activity[]> {
  const limit = PER_KIND;
  const [created, completed, registered, banned, lifted, audited] = await Promise.all([
    findNewestScrims({ db, limit }),
    findNewestScrims({ db, limit, completed: true }),
    findNewestUsers({ db, limit }),
    findNewestBans({ db, limit }),
    findNewestLifts({ db, limit }),
    findNewestAuditEntries({ db, limit, excludeActions: ACTIVITY_FROM_OWN_TABLES }),
  ]);
  const userDetails = (u: { userId: string; name: string; summonerTagline: string; region: string; rank: string }) => ({
    userId: u.userId,
    userName: u.name,
    summonerTagline: u.summonerTagline,
    region: u.region,
    rank: u.rank,
  });
  const activities: Activity[] = [
    ...created.map((s): Activity => ({
      _id: `scrim:${s.id}`,
      type: 'scrim',
      description: `New scrim "${s.title}" created${s.creatorName ? ` by ${s.creatorName}${s.hostedBy ? ' (host)' : ''}` : ''}`,
      timestamp: s.createdAt.toISOString(),
      status: s.teamWon ? resultActivityStatus(s.resultStatus) : s.abandonedAt ? 'abandoned' : 'active',
      details: { scrimId: s.id, region: s.region },
    })),
    ...completed.map((s): Activity => ({
      _id: `scrim-won:${s.id}`,
      type: 'scrim',
      description: resultActivityDescription(s.title, s.teamWon!, s.resultStatus),
      timestamp: s.updatedAt.toISOString(),
      status: resultActivityStatus(s.resultStatus),
      details: { scrimId: s.id, region: s.region },
    })),
    ...registered.map((u): Activity => ({
      _id: `user:${u.id}`,
      type: 'user',
      description: `New user ${u.name}#${u.summonerTagline} registered`,
      timestamp: u.createdAt.toISOString(),
      status: 'new',
      details: userDetails({ ...u, userId: u.id }),
    })),
    ...banned.map((b): Activity => ({
      _id: `ban:${b.id}`,
      type: 'ban',
      description: `${b.name} was banned until ${formatUsDate(b.dateTo)}`,
      timestamp: b.at.toISOString(),
      status: 'banned',
      details: { ...userDetails(b), reason: b.reason },
    })),
    ...lifted.map((b): Activity => ({
      _id: `lift:${b.id}`,
      type: 'ban',
      description: b.liftedBy ? `${b.name}'s ban was lifted` : `${b.name}'s ban expired and was lifted`,
      timestamp: b.at.toISOString(),
      status: 'lifted',
      details: { ...userDetails(b), reason: b.reason },
    })),
    ...audited.map(auditActivity),
  ];
  return activities.sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, RECENT_ACTIVITIES);
}

// --- System status

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
