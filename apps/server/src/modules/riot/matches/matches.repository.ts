import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Database } from '../../../db/client.js';
import { matchParticipants, scrimDraftTurns, scrimDrafts, scrimMatches, users } from '../../../db/schema/index.js';
import { uniqueViolation } from '../../../lib/errors.js';
import type { MatchToStore } from './matches.mapping.js';

export type ScrimMatchRow = typeof scrimMatches.$inferSelect;
export type MatchSource = ScrimMatchRow['source'];

export async function findScrimMatchRow({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select().from(scrimMatches).where(eq(scrimMatches.scrimId, scrimId));
  return row ?? null;
}

/** A player's line of a match as the scoreboard and the history show it (both read these columns). */
export const playerLineColumns = {
  side: matchParticipants.side,
  win: matchParticipants.win,
  champion: matchParticipants.champion,
  role: matchParticipants.role,
  kills: matchParticipants.kills,
  deaths: matchParticipants.deaths,
  assists: matchParticipants.assists,
  cs: matchParticipants.cs,
  gold: matchParticipants.gold,
  damage: matchParticipants.damage,
  vision: matchParticipants.vision,
  level: matchParticipants.level,
  items: matchParticipants.items,
  spells: matchParticipants.spells,
  keystone: matchParticipants.keystone,
};

/** A stored match's players, in Riot's participant order, with the linked users' names. */
export function findMatchParticipants({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select({
      participantId: matchParticipants.participantId,
      puuid: matchParticipants.puuid,
      userId: matchParticipants.userId,
      name: users.name,
      riotId: matchParticipants.riotId,
      ...playerLineColumns,
    })
    .from(matchParticipants)
    .leftJoin(users, eq(users.id, matchParticipants.userId))
    .where(eq(matchParticipants.scrimId, scrimId))
    .orderBy(matchParticipants.participantId);
}
export type MatchParticipantRow = Awaited<ReturnType<typeof findMatchParticipants>>[number];

/**
 * The scrim's match is being fetched: a 'pending' row, unless one exists (pending, ready or failed stay as they
 * are). True when this call created it.
 */
export async function markMatchPending({
  db,
  scrimId,
  source,
  since = new Date(),
}: {
  db: DbOrTx;
  scrimId: string;
  source: MatchSource;
  since?: Date;
}): Promise<boolean> {
  const rows = await db
    .insert(scrimMatches)
    .values({ scrimId, status: 'pending', source, fetchSince: since })
    .onConflictDoNothing()
    .returning({ scrimId: scrimMatches.scrimId });
  return rows.length > 0;
}

/** Riot never gave the match: a pending fetch ends as 'failed' with why (a ready match is never touched). */
export async function markMatchFailed({ db, scrimId, error }: { db: DbOrTx; scrimId: string; error: string }) {
  const rows = await db
    .update(scrimMatches)
    .set({ status: 'failed', lastError: error.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(scrimMatches.scrimId, scrimId), eq(scrimMatches.status, 'pending')))
    .returning({ scrimId: scrimMatches.scrimId });
  return rows.length > 0;
}

/** Why a fetch attempt did not succeed yet, kept on the pending row for the admins and the logs. */
export async function recordMatchFetchError({ db, scrimId, error }: { db: DbOrTx; scrimId: string; error: string }) {
  await db
    .update(scrimMatches)
    .set({ lastError: error.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(scrimMatches.scrimId, scrimId), eq(scrimMatches.status, 'pending')));
}

export type StoreMatchOutcome = 'stored' | 'already_ready' | 'match_taken';

/**
 * Stores the scrim's match and its players in one transaction, exactly once: the scrim's row is locked, and a
 * scrim whose match is already 'ready' keeps it (a second fetch, a duplicate callback, another instance). A Riot
 * match already stored for another scrim is refused by the unique match id ('match_taken'), and nothing is
 * written.
 */
export async function storeMatch({
  db,
  scrimId,
  source,
  match,
  attachedBy = null,
}: {
  db: Database;
  scrimId: string;
  source: MatchSource;
  match: MatchToStore;
  attachedBy?: string | null;
}): Promise<StoreMatchOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(scrimMatches).values({ scrimId, status: 'pending', source }).onConflictDoNothing();
      const [current] = await tx
        .select({ status: scrimMatches.status })
        .from(scrimMatches)
        .where(eq(scrimMatches.scrimId, scrimId))
        .for('update');
      if (current?.status === 'ready') return 'already_ready';
      await tx
        .update(scrimMatches)
        .set({
          status: 'ready',
          source,
          matchId: match.matchId,
          durationSeconds: match.durationSeconds,
          patch: match.patch,
          playedAt: match.playedAt,
          teams: match.teams,
          lastError: null,
          attachedBy,
          updatedAt: new Date(),
        })
        .where(eq(scrimMatches.scrimId, scrimId));
      await tx.delete(matchParticipants).where(eq(matchParticipants.scrimId, scrimId));
      await tx.insert(matchParticipants).values(
        match.participants.map((p) => ({
          ...p,
          scrimId,
          playedAt: match.playedAt,
          durationSeconds: match.durationSeconds,
        })),
      );
      return 'stored' as const;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'scrim_matches_match_id_uq') return 'match_taken';
    throw error;
  }
}

/** The scrim a Riot match is stored for, if any. */
export async function findScrimOfMatch({ db, matchId }: { db: DbOrTx; matchId: string }) {
  const [row] = await db
    .select({ scrimId: scrimMatches.scrimId })
    .from(scrimMatches)
    .where(eq(scrimMatches.matchId, matchId));
  return row?.scrimId ?? null;
}

/** The turns of the scrim's draft in pick order, once it is done (empty otherwise: nothing to check the game with). */
export function findDoneDraftTurns({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return db
    .select({
      side: scrimDraftTurns.side,
      action: scrimDraftTurns.action,
      champion: scrimDraftTurns.champion,
      role: scrimDraftTurns.role,
    })
    .from(scrimDraftTurns)
    .innerJoin(scrimDrafts, and(eq(scrimDrafts.scrimId, scrimDraftTurns.scrimId), eq(scrimDrafts.status, 'done')))
    .where(eq(scrimDraftTurns.scrimId, scrimId))
    .orderBy(scrimDraftTurns.turnIndex);
}
