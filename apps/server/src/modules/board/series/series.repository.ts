import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { SeriesLineupRole, SeriesSide } from '@scrim-gym/shared';
import type { DbOrTx, Transaction } from '../../../db/client.js';
import {
  riotTournaments,
  scrimParticipants,
  scrims,
  series,
  seriesGames,
  seriesLineups,
  seriesTeams,
  users,
} from '../../../db/schema/index.js';
import { userSummaryColumns } from '../../../db/user-summary.js';

export type SeriesRow = typeof series.$inferSelect;
export type SeriesTeamRow = typeof seriesTeams.$inferSelect;

export async function insertSeries({
  db,
  values,
  teams,
}: {
  db: DbOrTx;
  values: Omit<typeof series.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
  teams: { teamId: string; side: SeriesSide; isPoster: boolean }[];
}): Promise<SeriesRow> {
  const [row] = await db.insert(series).values(values).returning();
  await db.insert(seriesTeams).values(teams.map((team) => ({ ...team, seriesId: row!.id })));
  return row!;
}

export async function findSeries({ db, id }: { db: DbOrTx; id: string }): Promise<SeriesRow | null> {
  const [row] = await db.select().from(series).where(eq(series.id, id));
  return row ?? null;
}

/** A series' two teams, blue side of game 1 first. */
export function findSeriesTeams({ db, seriesId }: { db: DbOrTx; seriesId: string }): Promise<SeriesTeamRow[]> {
  return db.select().from(seriesTeams).where(eq(seriesTeams.seriesId, seriesId)).orderBy(asc(seriesTeams.side));
}

/** The ids of a series' teams that still exist, blue side of game 1 first. */
export async function findSeriesTeamIds({ db, seriesId }: { db: DbOrTx; seriesId: string }): Promise<string[]> {
  return (await findSeriesTeams({ db, seriesId })).flatMap((team) => (team.teamId ? [team.teamId] : []));
}

/**
 * The series' row, locked for the rest of the transaction: a lineup change of either team takes it first, so the
 * two teams' lineups change one at a time and "one lineup per user" is read as it is.
 */
export async function lockSeries({ tx, id }: { tx: Transaction; id: string }): Promise<SeriesRow | null> {
  const [row] = await tx.select().from(series).where(eq(series.id, id)).for('update');
  return row ?? null;
}

export async function insertSeriesGame({ db, values }: { db: DbOrTx; values: typeof seriesGames.$inferInsert }) {
  await db.insert(seriesGames).values(values);
}

/** A series' games in order, with what their scrims say of them: start, cancelled or abandoned, result, code. */
export function findSeriesGames({ db, seriesId }: { db: DbOrTx; seriesId: string }) {
  return db
    .select({
      number: seriesGames.number,
      scrimId: seriesGames.scrimId,
      blueTeamId: seriesGames.blueTeamId,
      redTeamId: seriesGames.redTeamId,
      sideChooserTeamId: seriesGames.sideChooserTeamId,
      sideChoiceDueAt: seriesGames.sideChoiceDueAt,
      title: scrims.title,
      createdBy: scrims.createdBy,
      gameStartTime: scrims.gameStartTime,
      cancelledAt: scrims.cancelledAt,
      abandonedAt: scrims.abandonedAt,
      teamWon: scrims.teamWon,
      resultStatus: scrims.resultStatus,
      resultSource: scrims.resultSource,
      resultConfirmedAt: scrims.resultConfirmedAt,
      tournamentCode: riotTournaments.tournamentCode,
    })
    .from(seriesGames)
    .innerJoin(scrims, eq(scrims.id, seriesGames.scrimId))
    .leftJoin(riotTournaments, eq(riotTournaments.scrimId, seriesGames.scrimId))
    .where(eq(seriesGames.seriesId, seriesId))
    .orderBy(asc(seriesGames.number));
}
export type SeriesGameRow = Awaited<ReturnType<typeof findSeriesGames>>[number];

/** A series' lineups with their players' cards, starters in role order first, then substitutes. */
export function findLineups({ db, seriesId }: { db: DbOrTx; seriesId: string }) {
  return db
    .select({ teamId: seriesLineups.teamId, role: seriesLineups.role, user: userSummaryColumns() })
    .from(seriesLineups)
    .innerJoin(users, eq(users.id, seriesLineups.userId))
    .where(eq(seriesLineups.seriesId, seriesId))
    .orderBy(asc(seriesLineups.role), asc(seriesLineups.createdAt), asc(seriesLineups.userId));
}
export type LineupRow = Awaited<ReturnType<typeof findLineups>>[number];

/** Which of `userIds` are in a lineup of the series for another team than `teamId`. */
export async function findInOtherLineup({
  db,
  seriesId,
  teamId,
  userIds,
}: {
  db: DbOrTx;
  seriesId: string;
  teamId: string;
  userIds: readonly string[];
}): Promise<string[]> {
  const rows = await db
    .select({ userId: seriesLineups.userId })
    .from(seriesLineups)
    .where(
      and(
        eq(seriesLineups.seriesId, seriesId),
        ne(seriesLineups.teamId, teamId),
        inArray(seriesLineups.userId, [...userIds]),
      ),
    );
  return rows.map((row) => row.userId);
}

/** The team's lineup of the series becomes `players` (every row of the team replaced). */
export async function replaceLineup({
  db,
  seriesId,
  teamId,
  players,
}: {
  db: DbOrTx;
  seriesId: string;
  teamId: string;
  players: { userId: string; role: SeriesLineupRole }[];
}) {
  await db.delete(seriesLineups).where(and(eq(seriesLineups.seriesId, seriesId), eq(seriesLineups.teamId, teamId)));
  if (players.length > 0)
    await db.insert(seriesLineups).values(players.map((player) => ({ seriesId, teamId, ...player })));
}

/** The series starts at `startsAt` (its game 1's start). */
export async function setSeriesStart({ db, id, startsAt }: { db: DbOrTx; id: string; startsAt: Date }) {
  await db.update(series).set({ startsAt, updatedAt: new Date() }).where(eq(series.id, id));
}

/** Each team's score becomes its count of won games. */
export async function setScores({ db, seriesId, wins }: { db: DbOrTx; seriesId: string; wins: Map<string, number> }) {
  for (const [teamId, score] of wins)
    await db
      .update(seriesTeams)
      .set({ score })
      .where(and(eq(seriesTeams.seriesId, seriesId), eq(seriesTeams.teamId, teamId)));
}

/** The series ends: finished (decided), or cancelled with who, why and whether it was late. */
export async function endSeries({
  db,
  id,
  end,
}: {
  db: DbOrTx;
  id: string;
  end:
    | { status: 'finished' }
    | { status: 'cancelled'; cancelledByTeamId: string | null; cancelReason: string; cancelLate: boolean };
}) {
  await db
    .update(series)
    .set({ ...end, endedAt: new Date(), updatedAt: new Date() })
    .where(eq(series.id, id));
}

/** How the series counts for the teams given (each not decided yet): played, a late cancel, or a no-show. */
export async function setOutcome({
  db,
  seriesId,
  teamIds,
  outcome,
}: {
  db: DbOrTx;
  seriesId: string;
  teamIds: readonly string[];
  outcome: NonNullable<SeriesTeamRow['outcome']>;
}) {
  if (teamIds.length === 0) return;
  await db
    .update(seriesTeams)
    .set({ outcome, outcomeAt: new Date() })
    .where(
      and(eq(seriesTeams.seriesId, seriesId), inArray(seriesTeams.teamId, [...teamIds]), isNull(seriesTeams.outcome)),
    );
}

/** A game's sides; `sideChoice` who may still pick them and until when (null: nobody). */
export async function setGameSides({
  db,
  seriesId,
  number,
  blueTeamId,
  redTeamId,
  sideChoice,
}: {
  db: DbOrTx;
  seriesId: string;
  number: number;
  blueTeamId: string | null;
  redTeamId: string | null;
  sideChoice: { teamId: string; dueAt: Date } | null;
}) {
  await db
    .update(seriesGames)
    .set({
      blueTeamId,
      redTeamId,
      sideChooserTeamId: sideChoice?.teamId ?? null,
      sideChoiceDueAt: sideChoice?.dueAt ?? null,
    })
    .where(and(eq(seriesGames.seriesId, seriesId), eq(seriesGames.number, number)));
}

/** The user ids of a series' lineup players (of one team when `teamId` is given). */
export async function findLineupUserIds({ db, seriesId, teamId }: { db: DbOrTx; seriesId: string; teamId?: string }) {
  const rows = await db
    .select({ userId: seriesLineups.userId })
    .from(seriesLineups)
    .where(and(eq(seriesLineups.seriesId, seriesId), teamId ? eq(seriesLineups.teamId, teamId) : undefined));
  return rows.map((row) => row.userId);
}

/** How many players sit on each side of a game's scrim (teamOne is blue). */
export async function countSeatedBySide({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const rows = await db
    .select({ team: scrimParticipants.team, userId: scrimParticipants.userId })
    .from(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')));
  return {
    blue: rows.filter((row) => row.team === 'teamOne').length,
    red: rows.filter((row) => row.team === 'teamTwo').length,
  };
}
