// The team ratings' storage: the rated series games (the ledger), each team's history and its rating per season,
// and the reads of the scrims', series' and teams' tables that rating a series game needs.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Region, TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  countedRankSql,
  scrims,
  seasons,
  seriesGames,
  teamMembers,
  teamRatedGames,
  teamRatingHistory,
  teamRatings,
  teams,
  users,
} from '../../../db/schema/index.js';

export type TeamRatedGameRow = typeof teamRatedGames.$inferSelect;
export type TeamHistoryRow = typeof teamRatingHistory.$inferSelect;
export type NewTeamHistory = typeof teamRatingHistory.$inferInsert;
export type TeamRatingRow = typeof teamRatings.$inferSelect;

/** A series game's result and its teams (blue: the scrim's teamOne); null when the scrim is no series game. */
export async function findSeriesGameForRating({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db
    .select({
      teamWon: scrims.teamWon,
      resultStatus: scrims.resultStatus,
      blueTeamId: seriesGames.blueTeamId,
      redTeamId: seriesGames.redTeamId,
    })
    .from(seriesGames)
    .innerJoin(scrims, eq(scrims.id, seriesGames.scrimId))
    .where(eq(seriesGames.scrimId, scrimId));
  return row ?? null;
}

export async function findTeamRatedGame({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select().from(teamRatedGames).where(eq(teamRatedGames.scrimId, scrimId));
  return row ?? null;
}

/** The history rows of one rated game (teamOne first). */
export function findGameHistory({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select()
    .from(teamRatingHistory)
    .where(eq(teamRatingHistory.scrimId, scrimId))
    .orderBy(asc(teamRatingHistory.team));
}

export async function insertTeamRatedGame({
  db,
  scrimId,
  seasonId,
  teamWon,
}: {
  db: DbOrTx;
  scrimId: string;
  seasonId: number;
  teamWon: TeamName;
}): Promise<TeamRatedGameRow> {
  const [row] = await db.insert(teamRatedGames).values({ scrimId, seasonId, teamWon }).returning();
  return row!;
}

export async function insertTeamHistory({ db, rows }: { db: DbOrTx; rows: NewTeamHistory[] }) {
  if (rows.length > 0) await db.insert(teamRatingHistory).values(rows);
}

/** A rated game's new winner, on the ledger and its history rows (the replay then rewrites the ratings). */
export async function updateTeamWinner({ db, scrimId, teamWon }: { db: DbOrTx; scrimId: string; teamWon: TeamName }) {
  await db.update(teamRatedGames).set({ teamWon }).where(eq(teamRatedGames.scrimId, scrimId));
  await db
    .update(teamRatingHistory)
    .set({ won: sql`${teamRatingHistory.team} = ${teamWon}` })
    .where(eq(teamRatingHistory.scrimId, scrimId));
}

/** Removes a rated game; its history rows go with it (cascade). */
export async function deleteTeamRatedGame({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.delete(teamRatedGames).where(eq(teamRatedGames.scrimId, scrimId));
}

/** The non-coach members of `teamIds` with the rank that counts: whose ratings seed a team's. */
export function findRosterPlayers({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, rank: countedRankSql(users) })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, [...teamIds]), ne(teamMembers.role, 'Coach')));
}

export async function findTeamRegions({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  if (teamIds.length === 0) return new Map<string, Region>();
  const rows = await db
    .select({ id: teams.id, region: teams.region })
    .from(teams)
    .where(inArray(teams.id, [...teamIds]));
  return new Map(rows.map((row) => [row.id, row.region]));
}

export function findTeamRatingRows({
  db,
  seasonId,
  teamIds,
}: {
  db: DbOrTx;
  seasonId: number;
  teamIds: readonly string[];
}): Promise<TeamRatingRow[]> {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(teamRatings)
    .where(and(eq(teamRatings.seasonId, seasonId), inArray(teamRatings.teamId, [...teamIds])));
}

/** The current season's ratings of `teamIds` (teams without one are left out), in one read. */
export function findCurrentTeamRatings({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      teamId: teamRatings.teamId,
      mu: teamRatings.mu,
      sigma: teamRatings.sigma,
      games: teamRatings.games,
      wins: teamRatings.wins,
      losses: teamRatings.losses,
    })
    .from(teamRatings)
    .innerJoin(seasons, and(eq(seasons.id, teamRatings.seasonId), isNull(seasons.endedAt)))
    .where(inArray(teamRatings.teamId, [...teamIds]));
}

export async function upsertTeamRatings({ db, rows }: { db: DbOrTx; rows: (typeof teamRatings.$inferInsert)[] }) {
  if (rows.length === 0) return;
  await db
    .insert(teamRatings)
    .values(rows)
    .onConflictDoUpdate({
      target: [teamRatings.seasonId, teamRatings.teamId],
      set: {
        mu: sql`excluded.mu`,
        sigma: sql`excluded.sigma`,
        rating: sql`excluded.rating`,
        games: sql`excluded.games`,
        wins: sql`excluded.wins`,
        losses: sql`excluded.losses`,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteTeamRatings({
  db,
  seasonId,
  teamIds,
}: {
  db: DbOrTx;
  seasonId: number;
  teamIds: string[];
}) {
  if (teamIds.length === 0) return;
  await db.delete(teamRatings).where(and(eq(teamRatings.seasonId, seasonId), inArray(teamRatings.teamId, teamIds)));
}

/** The history rows of a season from `seq` on (inclusive), in rating order, teamOne first within a game. */
export function findTeamHistoryFrom({ db, seasonId, seq }: { db: DbOrTx; seasonId: number; seq: number }) {
  return db
    .select()
    .from(teamRatingHistory)
    .where(and(eq(teamRatingHistory.seasonId, seasonId), sql`${teamRatingHistory.seq} >= ${seq}`))
    .orderBy(asc(teamRatingHistory.seq), asc(teamRatingHistory.team));
}

/** Each of `teamIds`' rating after their last game of the season before `seq` (teams without one left out). */
export async function findTeamStatesBefore({
  db,
  seasonId,
  teamIds,
  seq,
}: {
  db: DbOrTx;
  seasonId: number;
  teamIds: string[];
  seq: number;
}) {
  if (teamIds.length === 0) return new Map<string, { mu: number; sigma: number }>();
  // One index probe per team (team_rating_history_team_idx, newest first), however long the season is.
  const result = await db.execute(sql`
    select t.id as team_id, h.mu_after as mu, h.sigma_after as sigma
    from unnest(${sql.param(teamIds)}::uuid[]) as t(id)
    cross join lateral (
      select mu_after, sigma_after from ${teamRatingHistory}
      where team_id = t.id and season_id = ${seasonId} and seq < ${seq}
      order by seq desc limit 1
    ) h`);
  const { rows } = result as unknown as { rows: { team_id: string; mu: number; sigma: number }[] };
  return new Map(rows.map((r) => [r.team_id, { mu: Number(r.mu), sigma: Number(r.sigma) }]));
}

export type TeamHistoryRewrite = Pick<
  TeamHistoryRow,
  'scrimId' | 'team' | 'muBefore' | 'sigmaBefore' | 'muAfter' | 'sigmaAfter' | 'ratingBefore' | 'ratingAfter'
>;

/** Rewrites the before and after of history rows (a replay) in one statement, the rows as arrays. */
export async function updateTeamHistories({ db, rows }: { db: DbOrTx; rows: TeamHistoryRewrite[] }) {
  if (rows.length === 0) return;
  const column = <T>(pick: (r: TeamHistoryRewrite) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    update ${teamRatingHistory} h set mu_before = v.mu_before, sigma_before = v.sigma_before, mu_after = v.mu_after,
      sigma_after = v.sigma_after, rating_before = v.rating_before, rating_after = v.rating_after
    from unnest(${column((r) => r.scrimId)}::uuid[], ${column((r) => r.team)}::text[],
      ${column((r) => r.muBefore)}::float8[], ${column((r) => r.sigmaBefore)}::float8[],
      ${column((r) => r.muAfter)}::float8[], ${column((r) => r.sigmaAfter)}::float8[],
      ${column((r) => r.ratingBefore)}::int[], ${column((r) => r.ratingAfter)}::int[])
      as v(scrim_id, team, mu_before, sigma_before, mu_after, sigma_after, rating_before, rating_after)
    where h.scrim_id = v.scrim_id and h.team::text = v.team`);
}

/** Each of `teamIds`' games and wins in a season and their rating after the last one (teams without games left out). */
export async function findTeamSeasonTotals({
  db,
  seasonId,
  teamIds,
}: {
  db: DbOrTx;
  seasonId: number;
  teamIds: string[];
}) {
  if (teamIds.length === 0) return new Map<string, { games: number; wins: number; mu: number; sigma: number }>();
  const rows = await db
    .select({
      teamId: teamRatingHistory.teamId,
      games: sql<number>`count(*)::int`,
      wins: sql<number>`(count(*) filter (where ${teamRatingHistory.won}))::int`,
      mu: sql<number>`(array_agg(${teamRatingHistory.muAfter} order by ${teamRatingHistory.seq} desc))[1]`,
      sigma: sql<number>`(array_agg(${teamRatingHistory.sigmaAfter} order by ${teamRatingHistory.seq} desc))[1]`,
    })
    .from(teamRatingHistory)
    .where(and(inArray(teamRatingHistory.teamId, teamIds), eq(teamRatingHistory.seasonId, seasonId)))
    .groupBy(teamRatingHistory.teamId);
  return new Map(rows.map((r) => [r.teamId, { ...r, mu: Number(r.mu), sigma: Number(r.sigma) }]));
}
