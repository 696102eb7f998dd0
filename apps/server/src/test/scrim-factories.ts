import { eq } from 'drizzle-orm';
import { ROLES, TEAMS, type Region, type Role, type TeamName } from '@scrim-gym/shared';
import type { Database } from '../db/client.js';
import { scrimParticipants, scrims } from '../db/schema/index.js';
import { createUser, unique, type TestUser } from './factories.js';

export type TestScrim = typeof scrims.$inferSelect;
export interface Slot {
  team: TeamName;
  role: Role;
}

/** Every slot in the fill order: Top…Support of teamOne, then of teamTwo. */
export const ALL_SLOTS: readonly Slot[] = TEAMS.flatMap((team) => ROLES.map((role) => ({ team, role })));

const HOUR = 60 * 60 * 1000;

/**
 * A scrim row inserted directly (no API, no socket event). Defaults: a unique title, NA, public, casters off,
 * starting in one hour, with its own lobby name and password; a winner given without its status is an admin's
 * confirmed result (pass `resultStatus` for a pending or disputed one).
 */
export async function createScrim({
  db,
  ...overrides
}: { db: Database } & Partial<typeof scrims.$inferInsert>): Promise<TestScrim> {
  const id = unique();
  const [row] = await db
    .insert(scrims)
    .values({
      title: `Scrim ${id}`,
      region: 'NA',
      gameStartTime: new Date(Date.now() + HOUR),
      lobbyName: `Lobby ${id}`,
      lobbyPassword: `pw${id}`.slice(0, 8),
      ...(overrides.teamWon && { resultStatus: 'confirmed' as const, resultSource: 'admin' as const }),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * Puts `users` in the scrim as players, one per slot: `slots[i]` for `users[i]`, by default the first slots in
 * the fill order. Rows get increasing join times, so the order of the teams is stable.
 */
export async function addPlayers({
  db,
  scrim,
  users,
  slots = ALL_SLOTS.slice(0, users.length),
}: {
  db: Database;
  scrim: Pick<TestScrim, 'id'>;
  users: Pick<TestUser, 'id'>[];
  slots?: readonly Slot[];
}) {
  if (slots.length < users.length) throw new Error('addPlayers: fewer slots than users');
  if (users.length === 0) return;
  const base = Date.now() - 60_000;
  await db.insert(scrimParticipants).values(
    users.map((user, i) => ({
      scrimId: scrim.id,
      userId: user.id,
      kind: 'player' as const,
      team: slots[i]!.team,
      role: slots[i]!.role,
      joinedAt: new Date(base + i),
    })),
  );
}

/** `count` new users of a region (each with a live session). */
export function createUsers({ db, count, region = 'NA' }: { db: Database; count: number; region?: Region }) {
  return Promise.all(Array.from({ length: count }, () => createUser({ db, region })));
}

type UserTuple<N extends number, T extends TestUser[] = []> = T['length'] extends N
  ? T
  : UserTuple<N, [...T, TestUser]>;

/** `createUsers` of NA with a literal count, typed as a tuple to destructure (`const [a, b] = …`). */
export const createUserTuple = <N extends number>(db: Database, count: N) =>
  createUsers({ db, count }) as Promise<UserTuple<N>>;

/**
 * Ten new players of the scrim's region in every slot (players[i] in ALL_SLOTS[i]). Like the real rule, a full
 * scrim has a lobby host: players[hostIndex] (none when hostIndex is null).
 */
export async function fillScrim({
  db,
  scrim,
  hostIndex = 0,
}: {
  db: Database;
  scrim: Pick<TestScrim, 'id' | 'region'>;
  hostIndex?: number | null;
}) {
  const players = await createUsers({ db, count: ALL_SLOTS.length, region: scrim.region });
  await addPlayers({ db, scrim, users: players });
  const host = hostIndex === null ? null : players[hostIndex]!;
  await setLobbyHost({ db, scrim, userId: host?.id ?? null });
  return { players, host };
}

/** A caster of the scrim: `user`, or a new user of the scrim's region. */
export async function addCaster({
  db,
  scrim,
  user,
}: {
  db: Database;
  scrim: Pick<TestScrim, 'id' | 'region'>;
  user?: TestUser;
}): Promise<TestUser> {
  const caster = user ?? (await createUser({ db, region: scrim.region }));
  await db.insert(scrimParticipants).values({ scrimId: scrim.id, userId: caster.id, kind: 'caster' });
  return caster;
}

export async function setLobbyHost({
  db,
  scrim,
  userId,
}: {
  db: Database;
  scrim: Pick<TestScrim, 'id'>;
  userId: string | null;
}) {
  await db.update(scrims).set({ lobbyHostId: userId }).where(eq(scrims.id, scrim.id));
}
