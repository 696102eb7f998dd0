import { RANK_DIVISIONS, REGIONS, sortByRankChartOrder, type DashboardStats } from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import {
  countBans,
  countScrims,
  countScrimsByDay,
  countUsers,
  countUsersByMonth,
  countUsersByRegionAndTier,
  dashboardInstants,
} from './dashboard.repository.js';

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
