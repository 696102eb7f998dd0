import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RolePreference } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { countedRankSql, scrimParticipants, scrimSignups, scrims, users } from '../../../db/schema/index.js';
import type { CurrentRating } from '../core/scrim-aggregate.repository.js';

/** Someone the balancing places: their roles (for this scrim, or their settings), rank and current rating. */
export interface BalanceCandidate {
  userId: string;
  primaryRole: RolePreference;
  secondaryRole: RolePreference;
  rank: string;
  /** The current season's rating; null: none yet (the rank's seed applies). */
  rating: CurrentRating | null;
}

/** current_rating_json (db/functions/current_rating_json.sql): {mu, sigma, games} or null. Both drivers parse json; a string is parsed. */
const currentRating = sql<unknown>`current_rating_json(${users.id})`;
const parseRating = (value: unknown): CurrentRating | null =>
  (typeof value === 'string' ? JSON.parse(value) : value) as CurrentRating | null;

export async function findSignup({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(scrimSignups)
    .where(and(eq(scrimSignups.scrimId, scrimId), eq(scrimSignups.userId, userId)));
  return row ?? null;
}

export async function countSignups({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [row] = await db.select({ n: count() }).from(scrimSignups).where(eq(scrimSignups.scrimId, scrimId));
  return row!.n;
}

export async function hasSignups({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  return (await countSignups({ db, scrimId })) > 0;
}

/** The user's role settings (Settings), the default of a sign-up's roles. */
export async function findRoleSettings({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db
    .select({ primaryRole: users.primaryRole, secondaryRole: users.secondaryRole })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function insertSignup({ db, row }: { db: DbOrTx; row: typeof scrimSignups.$inferInsert }) {
  await db.insert(scrimSignups).values(row);
}

export async function deleteSignup({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  const deleted = await db
    .delete(scrimSignups)
    .where(and(eq(scrimSignups.scrimId, scrimId), eq(scrimSignups.userId, userId)))
    .returning({ userId: scrimSignups.userId });
  return deleted.length > 0;
}

/** A balanced scrim's sign-ups with their roles for this scrim and their ratings, first come first. */
export async function findSignupCandidates({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const rows = await db
    .select({
      userId: scrimSignups.userId,
      primaryRole: scrimSignups.primaryRole,
      secondaryRole: scrimSignups.secondaryRole,
      rank: countedRankSql(),
      rating: currentRating,
    })
    .from(scrimSignups)
    .innerJoin(users, eq(users.id, scrimSignups.userId))
    .where(eq(scrimSignups.scrimId, scrimId))
    .orderBy(asc(scrimSignups.createdAt), asc(scrimSignups.userId));
  return rows.map((row): BalanceCandidate => ({ ...row, rating: parseRating(row.rating) }));
}

/** Users with the roles of their settings and their ratings (a slot scrim's players, for "Balance teams"). */
export async function findSettingsCandidates({ db, userIds }: { db: DbOrTx; userIds: string[] }) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: users.id,
      primaryRole: users.primaryRole,
      secondaryRole: users.secondaryRole,
      rank: countedRankSql(),
      rating: currentRating,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return rows.map((row): BalanceCandidate => ({ ...row, rating: parseRating(row.rating) }));
}

/** The teams just made are stored as balanced: their win probability and who plays off-role. */
export async function storeBalance({
  db,
  scrimId,
  blueWinProbability,
  offRole,
}: {
  db: DbOrTx;
  scrimId: string;
  blueWinProbability: number;
  offRole: string[];
}) {
  await db
    .update(scrims)
    .set({
      balancedAt: new Date(),
      balanceBlueWinProbability: blueWinProbability,
      balanceOffRole: offRole,
      updatedAt: new Date(),
    })
    .where(eq(scrims.id, scrimId));
}

/**
 * A balanced scrim's teams are undone (a sign-up's account was removed): every player row goes, with the balance, and the
 * lobby host when it was one of them (a new one is drawn when the teams are made again).
 */
export async function clearTeams({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const removed = await db
    .delete(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.kind, 'player')))
    .returning({ userId: scrimParticipants.userId });
  await db
    .update(scrims)
    .set({
      balancedAt: null,
      balanceBlueWinProbability: null,
      balanceOffRole: null,
      ...(removed.length > 0 && {
        lobbyHostId: sql`case when ${inArray(
          scrims.lobbyHostId,
          removed.map((r) => r.userId),
        )} then null else ${scrims.lobbyHostId} end`,
      }),
      updatedAt: new Date(),
    })
    .where(eq(scrims.id, scrimId));
}

/** The stored balance is dropped (the players changed): the win probability comes from the live ratings. */
export async function clearBalance({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db
    .update(scrims)
    .set({ balancedAt: null, balanceBlueWinProbability: null, balanceOffRole: null })
    .where(eq(scrims.id, scrimId));
}

/** Blue's predicted chance, stored once: a scrim that has one keeps it (see freezePrediction). */
export async function storePrediction({
  db,
  scrimId,
  blueWinProbability,
}: {
  db: DbOrTx;
  scrimId: string;
  blueWinProbability: number;
}) {
  await db
    .update(scrims)
    .set({ predictedBlueWinProbability: blueWinProbability })
    .where(and(eq(scrims.id, scrimId), isNull(scrims.predictedBlueWinProbability)));
}

/** Marks the lobby ready for good: the game began with both teams full (see scrims.lobbyReadyAt). */
export async function markLobbyReady({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db
    .update(scrims)
    .set({ lobbyReadyAt: new Date() })
    .where(and(eq(scrims.id, scrimId), isNull(scrims.lobbyReadyAt)));
}

/**
 * Holds the user's row (shared, until the transaction ends) while it is not deleted: an account deletion, which
 * takes the row for update, waits for this transaction or has committed before it. False: deleted.
 */
export async function holdLiveUser({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('share');
  return row !== undefined;
}
