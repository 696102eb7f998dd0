import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  matchParticipants,
  scrimMatches,
  scrims,
  seriesGames,
  seriesLineups,
  teams,
  users,
} from '../../../db/schema/index.js';
import { playerLineColumns } from './matches.repository.js';

/** What the match routes need of a scrim: whether it exists, its region, whether it was played. */
export async function findMatchScrim({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db
    .select({
      id: scrims.id,
      region: scrims.region,
      gameStartTime: scrims.gameStartTime,
      cancelledAt: scrims.cancelledAt,
      abandonedAt: scrims.abandonedAt,
    })
    .from(scrims)
    .where(eq(scrims.id, scrimId));
  return row ?? null;
}
export type MatchScrimRow = NonNullable<Awaited<ReturnType<typeof findMatchScrim>>>;

/** Whether a user row exists (a deleted, anonymised account keeps its row and its games). */
export async function matchUserExists({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row);
}

/** A page boundary of a user's history: the (playedAt, scrimId) of the last row shown. */
export interface HistoryCursor {
  at: string;
  id: string;
}

export interface UserMatchPageArgs {
  db: DbOrTx;
  userId: string;
  /** Rows of private scrims too (the owner and admins); series games are shown to all, as their series is. */
  includePrivate: boolean;
  role?: Role;
  champion?: string;
  cursor: HistoryCursor | null;
  limit: number;
}

const blueTeam = alias(teams, 'blue_team');
const redTeam = alias(teams, 'red_team');

/**
 * One page (`limit` + 1 rows, to tell whether another follows) of the user's games, newest first. A series game
 * (a team game) brings its series, number, both teams' tags and the team whose lineup the user played in, each a
 * key lookup per row. The order
 * (played_at desc, scrim_id asc) is the one of match_participants_user_idx and its champion and role siblings
 * (migration 0015), so a page is one index range from the cursor on, whatever the depth.
 */
export function findUserMatchPage({ db, userId, includePrivate, role, champion, cursor, limit }: UserMatchPageArgs) {
  const conditions: (SQL | undefined)[] = [
    eq(matchParticipants.userId, userId),
    role ? eq(matchParticipants.role, role) : undefined,
    champion ? eq(matchParticipants.champion, champion) : undefined,
    includePrivate ? undefined : or(eq(scrims.isPrivate, false), isNotNull(seriesGames.scrimId)),
  ];
  if (cursor) {
    // (played_at, scrim_id) after the cursor in (desc, asc) order; the first half bounds the index range.
    conditions.push(
      sql`${matchParticipants.playedAt} <= ${cursor.at}::timestamptz`,
      sql`(${matchParticipants.playedAt} < ${cursor.at}::timestamptz or ${matchParticipants.scrimId} > ${cursor.id}::uuid)`,
    );
  }
  return db
    .select({
      scrimId: matchParticipants.scrimId,
      scrimTitle: scrims.title,
      matchId: scrimMatches.matchId,
      playedAt: matchParticipants.playedAt,
      durationSeconds: matchParticipants.durationSeconds,
      ...playerLineColumns,
      seriesId: seriesGames.seriesId,
      seriesGameNumber: seriesGames.number,
      blueTeamId: seriesGames.blueTeamId,
      blueTag: blueTeam.tag,
      redTag: redTeam.tag,
      lineupTeamId: seriesLineups.teamId,
    })
    .from(matchParticipants)
    .innerJoin(scrimMatches, eq(scrimMatches.scrimId, matchParticipants.scrimId))
    .innerJoin(scrims, eq(scrims.id, matchParticipants.scrimId))
    .leftJoin(seriesGames, eq(seriesGames.scrimId, matchParticipants.scrimId))
    .leftJoin(
      seriesLineups,
      and(eq(seriesLineups.seriesId, seriesGames.seriesId), eq(seriesLineups.userId, matchParticipants.userId)),
    )
    .leftJoin(blueTeam, eq(blueTeam.id, seriesGames.blueTeamId))
    .leftJoin(redTeam, eq(redTeam.id, seriesGames.redTeamId))
    .where(and(...conditions))
    .orderBy(desc(matchParticipants.playedAt), asc(matchParticipants.scrimId))
    .limit(limit + 1);
}
export type UserMatchPageRow = Awaited<ReturnType<typeof findUserMatchPage>>[number];

/** Totals as numbers: sums are bigint in PostgreSQL, read as float8 (exact far beyond any player's games). */
const totals = {
  games: sql<number>`count(*)::float8`.mapWith(Number),
  wins: sql<number>`sum(${matchParticipants.win}::int)::float8`.mapWith(Number),
  kills: sql<number>`sum(${matchParticipants.kills})::float8`.mapWith(Number),
  deaths: sql<number>`sum(${matchParticipants.deaths})::float8`.mapWith(Number),
  assists: sql<number>`sum(${matchParticipants.assists})::float8`.mapWith(Number),
  cs: sql<number>`sum(${matchParticipants.cs})::float8`.mapWith(Number),
  damage: sql<number>`sum(${matchParticipants.damage})::float8`.mapWith(Number),
  vision: sql<number>`sum(${matchParticipants.vision})::float8`.mapWith(Number),
  seconds: sql<number>`sum(${matchParticipants.durationSeconds})::float8`.mapWith(Number),
};

/** Per champion, over all the user's games (private scrims' too: totals reveal no scrim): most played first. */
export function findChampionTotals({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select({ champion: matchParticipants.champion, ...totals })
    .from(matchParticipants)
    .where(eq(matchParticipants.userId, userId))
    .groupBy(matchParticipants.champion)
    .orderBy(sql`count(*) desc`, asc(matchParticipants.champion));
}

/** Per role (games without a role, e.g. remakes, left out), over all the user's games. */
export function findRoleTotals({ db, userId }: { db: DbOrTx; userId: string }) {
  return db
    .select({ role: matchParticipants.role, ...totals })
    .from(matchParticipants)
    .where(and(eq(matchParticipants.userId, userId), sql`${matchParticipants.role} is not null`))
    .groupBy(matchParticipants.role);
}
