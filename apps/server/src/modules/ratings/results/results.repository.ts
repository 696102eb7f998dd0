import { and, asc, eq, sql } from 'drizzle-orm';
import type { Region, Role, TeamName, UnratedReason } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import {
  countedRankSql,
  ratedResults,
  ratingHistory,
  scrimParticipants,
  scrims,
  users,
} from '../../../db/schema/index.js';

export type RatedResultRow = typeof ratedResults.$inferSelect;
export type NewRatingHistory = typeof ratingHistory.$inferInsert;

/**
 * What the rating of one scrim depends on: its result, whether it is private, and its players (casters are never
 * rated), each with whether their Riot account is verified; and the reason it was last left unrated.
 */
export interface ScrimForRating {
  scrimId: string;
  teamWon: TeamName | null;
  resultStatus: string | null;
  isPrivate: boolean;
  unratedReason: UnratedReason | null;
  players: { userId: string; team: TeamName; role: Role; rank: string; region: Region; verified: boolean }[];
}

export async function findScrimForRating({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [scrim] = await db
    .select({
      teamWon: scrims.teamWon,
      resultStatus: scrims.resultStatus,
      isPrivate: scrims.isPrivate,
      unratedReason: scrims.unratedReason,
    })
    .from(scrims)
    .where(eq(scrims.id, scrimId));
  if (!scrim) return null;
  const players = await db
    .select({
      userId: scrimParticipants.userId,
      team: scrimParticipants.team,
      role: scrimParticipants.role,
      rank: countedRankSql(),
      region: users.region,
      verified: sql<boolean>`${users.riotLinkedAt} is not null`,
    })
    .from(scrimParticipants)
    .innerJoin(users, eq(users.id, scrimParticipants.userId))
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')))
    .orderBy(asc(scrimParticipants.team), asc(scrimParticipants.role));
  return {
    scrimId,
    teamWon: scrim.teamWon,
    resultStatus: scrim.resultStatus,
    isPrivate: scrim.isPrivate,
    unratedReason: scrim.unratedReason,
    players: players.map((p) => ({ ...p, team: p.team!, role: p.role! })),
  } satisfies ScrimForRating;
}

/** Records why the scrim's confirmed result moves no rating (null: rated, or no confirmed result). */
export async function updateUnratedReason({
  db,
  scrimId,
  reason,
}: {
  db: DbOrTx;
  scrimId: string;
  reason: UnratedReason | null;
}) {
  await db.update(scrims).set({ unratedReason: reason }).where(eq(scrims.id, scrimId));
}

export async function findRatedResult({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId));
  return row ?? null;
}

export async function insertRatedResult({
  db,
  scrimId,
  seasonId,
  teamWon,
}: {
  db: DbOrTx;
  scrimId: string;
  seasonId: number;
  teamWon: TeamName;
}): Promise<RatedResultRow> {
  const [row] = await db.insert(ratedResults).values({ scrimId, seasonId, teamWon }).returning();
  return row!;
}

/** Removes a rated result; its history rows go with it (cascade). */
export async function deleteRatedResult({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.delete(ratedResults).where(eq(ratedResults.scrimId, scrimId));
}

export async function insertHistory({ db, rows }: { db: DbOrTx; rows: NewRatingHistory[] }) {
  if (rows.length > 0) await db.insert(ratingHistory).values(rows);
}

/** Each player's rating before and after a rated scrim (none when the scrim moved no rating). */
export function findScrimHistory({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select({ userId: ratingHistory.userId, before: ratingHistory.ratingBefore, after: ratingHistory.ratingAfter })
    .from(ratingHistory)
    .where(eq(ratingHistory.scrimId, scrimId));
}
