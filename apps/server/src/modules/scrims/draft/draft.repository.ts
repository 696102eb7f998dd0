import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import {
  matchParticipants,
  scrimDraftHovers,
  scrimDrafts,
  scrimDraftTurns,
  scrimMatches,
  scrimParticipants,
  scrims,
  seriesGames,
  teamMembers,
} from '../../../db/schema/index.js';

export type DraftRow = typeof scrimDrafts.$inferSelect;
export type DraftTurnRow = typeof scrimDraftTurns.$inferSelect;
export type DraftHoverRow = typeof scrimDraftHovers.$inferSelect;

/** The scrim a draft belongs to (its mode and clock, whether it is over, who runs it). */
export async function findDraftScrim({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select().from(scrims).where(eq(scrims.id, scrimId));
  return row ?? null;
}

/**
 * The scrim's row held (shared) for the transaction: an edit, a cancel or a result waits for the draft's change and
 * the change sees the scrim as it stays until its commit. Taken before the draft's row, the order a scrim's delete
 * (which cascades to its draft) takes them in.
 */
export async function holdDraftScrim({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select().from(scrims).where(eq(scrims.id, scrimId)).for('share');
  return row ?? null;
}

/**
 * The draft's row, created on first use and locked for the transaction, with the database's clock read after the
 * lock: every instance times the turns by this one clock.
 */
export async function lockDraft({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.insert(scrimDrafts).values({ scrimId }).onConflictDoNothing();
  const [row] = await db
    .select({ draft: scrimDrafts, now: sql<Date>`clock_timestamp()`.mapWith(scrimDrafts.updatedAt) })
    .from(scrimDrafts)
    .where(eq(scrimDrafts.scrimId, scrimId))
    .for('update', { of: scrimDrafts });
  return row!;
}

export async function findDraft({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select().from(scrimDrafts).where(eq(scrimDrafts.scrimId, scrimId));
  return row ?? null;
}

/** The database's clock now (the turn clock's, for a read that locks nothing). */
export async function databaseNow({ db }: { db: DbOrTx }) {
  const [row] = await db
    .select({ now: sql<Date>`clock_timestamp()`.mapWith(scrimDrafts.updatedAt) })
    .from(sql`(select 1) x`);
  return row!.now;
}

/** Writes the draft's changed fields; every change moves `version` on by one. */
export async function updateDraft({
  db,
  scrimId,
  values,
}: {
  db: DbOrTx;
  scrimId: string;
  values: Partial<Omit<DraftRow, 'scrimId' | 'version' | 'updatedAt'>>;
}) {
  const [row] = await db
    .update(scrimDrafts)
    .set({ ...values, version: sql`${scrimDrafts.version} + 1`, updatedAt: sql`clock_timestamp()` })
    .where(eq(scrimDrafts.scrimId, scrimId))
    .returning();
  return row!;
}

export function findTurns({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select()
    .from(scrimDraftTurns)
    .where(eq(scrimDraftTurns.scrimId, scrimId))
    .orderBy(asc(scrimDraftTurns.turnIndex));
}

export async function insertTurn({ db, values }: { db: DbOrTx; values: typeof scrimDraftTurns.$inferInsert }) {
  await db.insert(scrimDraftTurns).values(values);
}

/** The turn that holds `champion` in this draft (a ban or a pick), if any. */
export async function findTurnWithChampion({
  db,
  scrimId,
  champion,
}: {
  db: DbOrTx;
  scrimId: string;
  champion: string;
}) {
  const [row] = await db
    .select()
    .from(scrimDraftTurns)
    .where(and(eq(scrimDraftTurns.scrimId, scrimId), eq(scrimDraftTurns.champion, champion)));
  return row ?? null;
}

export function findHovers({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db.select().from(scrimDraftHovers).where(eq(scrimDraftHovers.scrimId, scrimId));
}

export async function upsertHover({
  db,
  values,
}: {
  db: DbOrTx;
  values: Pick<DraftHoverRow, 'scrimId' | 'userId' | 'side' | 'champion'>;
}) {
  await db
    .insert(scrimDraftHovers)
    .values(values)
    .onConflictDoUpdate({
      target: [scrimDraftHovers.scrimId, scrimDraftHovers.userId],
      set: { side: values.side, champion: values.champion, updatedAt: sql`clock_timestamp()` },
    });
}

export async function deleteHovers({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.delete(scrimDraftHovers).where(eq(scrimDraftHovers.scrimId, scrimId));
}

export async function deleteTurns({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.delete(scrimDraftTurns).where(eq(scrimDraftTurns.scrimId, scrimId));
}

/** The scrim's players and their teams (teamOne is blue). */
export function findSidePlayers({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select({ userId: scrimParticipants.userId, team: scrimParticipants.team })
    .from(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')));
}

/** A series game's place in its series and the teams on each side; null for any other scrim. */
export async function findSeriesGame({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db
    .select({
      seriesId: seriesGames.seriesId,
      number: seriesGames.number,
      blueTeamId: seriesGames.blueTeamId,
      redTeamId: seriesGames.redTeamId,
    })
    .from(seriesGames)
    .where(eq(seriesGames.scrimId, scrimId));
  return row ?? null;
}

/** The captains (the owner among them) of these teams. */
export function findTeamCaptains({ db, teamIds }: { db: DbOrTx; teamIds: string[] }) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, isOwner: teamMembers.isOwner })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.isCaptain, true)))
    .orderBy(asc(teamMembers.joinedAt));
}

/**
 * Fearless: the champions an earlier game (a lower number) of the series picked in its draft, and those its players
 * actually played per Riot's match where one is stored. Bans do not carry.
 */
export async function findFearlessUnavailable({
  db,
  seriesId,
  number,
}: {
  db: DbOrTx;
  seriesId: string;
  number: number;
}): Promise<string[]> {
  const earlier = db
    .select({ scrimId: seriesGames.scrimId })
    .from(seriesGames)
    .where(and(eq(seriesGames.seriesId, seriesId), lt(seriesGames.number, number)));
  // One after the other: a transaction's queries share one connection.
  const drafted = await db
    .selectDistinct({ champion: scrimDraftTurns.champion })
    .from(scrimDraftTurns)
    .where(
      and(
        inArray(scrimDraftTurns.scrimId, earlier),
        eq(scrimDraftTurns.action, 'pick'),
        isNotNull(scrimDraftTurns.champion),
      ),
    );
  const played = await db
    .selectDistinct({ champion: matchParticipants.champion })
    .from(matchParticipants)
    .innerJoin(scrimMatches, eq(scrimMatches.scrimId, matchParticipants.scrimId))
    .where(and(inArray(matchParticipants.scrimId, earlier), eq(scrimMatches.status, 'ready')));
  return [...new Set([...drafted, ...played].map((row) => row.champion!))].sort();
}
