import { and, asc, eq, gte, inArray, isNull, lt, notExists, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Region, Role, TeamName } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { bans, postGameImages, riotTournaments, scrimParticipants, scrims, users } from '../../db/schema/index.js';

export type ScrimRow = typeof scrims.$inferSelect;
export type NewScrim = typeof scrims.$inferInsert;
export type ParticipantRow = typeof scrimParticipants.$inferSelect;
type UserRow = typeof users.$inferSelect;
/** The user columns a scrim shows: fetching only these keeps the hub's query light (200 scrims, 2,000 players). */
export type ScrimUserRow = Pick<UserRow, 'id' | 'name' | 'summonerTagline' | 'region' | 'rank' | 'discord'>;

export interface ParticipantWithUser {
  kind: 'player' | 'caster';
  team: TeamName | null;
  role: Role | null;
  joinedAt: Date;
  user: ScrimUserRow;
}

/** A scrim with everything its presentation needs. */
export interface ScrimAggregate {
  scrim: ScrimRow;
  creator: ScrimUserRow | null;
  host: ScrimUserRow | null;
  participants: ParticipantWithUser[];
  imageAt: Date | null;
  tournament: typeof riotTournaments.$inferSelect | null;
}

const creators = alias(users, 'creator');
const hosts = alias(users, 'host');

const scrimUserColumns = <T extends typeof users | typeof creators | typeof hosts>(table: T) => ({
  id: table.id,
  name: table.name,
  summonerTagline: table.summonerTagline,
  region: table.region,
  rank: table.rank,
  discord: table.discord,
});

/** Loads scrims with creator, host, image stamp and tournament (one query) and their participants (one more). */
async function loadAggregates(db: DbOrTx, where: ReturnType<typeof and>): Promise<ScrimAggregate[]> {
  const rows = await db
    .select({
      scrim: scrims,
      creator: scrimUserColumns(creators),
      host: scrimUserColumns(hosts),
      imageAt: postGameImages.createdAt,
      tournament: riotTournaments,
    })
    .from(scrims)
    .leftJoin(creators, eq(creators.id, scrims.createdBy))
    .leftJoin(hosts, eq(hosts.id, scrims.lobbyHostId))
    .leftJoin(postGameImages, eq(postGameImages.scrimId, scrims.id))
    .leftJoin(riotTournaments, eq(riotTournaments.scrimId, scrims.id))
    .where(where)
    .orderBy(asc(scrims.gameStartTime), asc(scrims.createdAt));
  if (rows.length === 0) return [];
  const participants = await db
    .select({
      scrimId: scrimParticipants.scrimId,
      kind: scrimParticipants.kind,
      team: scrimParticipants.team,
      role: scrimParticipants.role,
      joinedAt: scrimParticipants.joinedAt,
      user: scrimUserColumns(users),
    })
    .from(scrimParticipants)
    .innerJoin(users, eq(users.id, scrimParticipants.userId))
    .where(
      inArray(
        scrimParticipants.scrimId,
        rows.map((r) => r.scrim.id),
      ),
    )
    .orderBy(asc(scrimParticipants.joinedAt));
  const byScrim = new Map<string, ParticipantWithUser[]>();
  for (const { scrimId, ...participant } of participants) {
    const list = byScrim.get(scrimId) ?? [];
    list.push(participant);
    byScrim.set(scrimId, list);
  }
  return rows.map((row) => ({
    ...row,
    // A left-joined user comes back as null when absent (its columns are typed one by one as nullable).
    creator: row.creator?.id ? (row.creator as ScrimUserRow) : null,
    host: row.host?.id ? (row.host as ScrimUserRow) : null,
    participants: byScrim.get(row.scrim.id) ?? [],
  }));
}

export async function findScrimAggregate({ db, id }: { db: DbOrTx; id: string }) {
  const [aggregate] = await loadAggregates(db, and(eq(scrims.id, id)));
  return aggregate ?? null;
}

/** Public scrims of a region starting in [from, to): the hub's day. Private scrims never appear in lists. */
export function findPublicScrimsBetween({
  db,
  region,
  from,
  to,
}: {
  db: DbOrTx;
  region: Region;
  from: Date;
  to: Date;
}) {
  return loadAggregates(
    db,
    and(
      eq(scrims.region, region),
      eq(scrims.isPrivate, false),
      gte(scrims.gameStartTime, from),
      lt(scrims.gameStartTime, to),
    ),
  );
}

/** Locks the scrim row for the rest of the transaction, so actions on one scrim run one at a time. */
export async function lockScrim({ db, id }: { db: DbOrTx; id: string }): Promise<ScrimRow | null> {
  const [row] = await db.select().from(scrims).where(eq(scrims.id, id)).for('update');
  return row ?? null;
}

export function findParticipants({ db, scrimId }: { db: DbOrTx; scrimId: string }): Promise<ParticipantRow[]> {
  return db.select().from(scrimParticipants).where(eq(scrimParticipants.scrimId, scrimId));
}

export async function insertScrim({ db, values }: { db: DbOrTx; values: NewScrim }) {
  const [row] = await db.insert(scrims).values(values).returning();
  return row!;
}

export async function updateScrim({ db, id, values }: { db: DbOrTx; id: string; values: Partial<NewScrim> }) {
  await db
    .update(scrims)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(scrims.id, id));
}

export async function deleteScrim({ db, id }: { db: DbOrTx; id: string }) {
  const deleted = await db.delete(scrims).where(eq(scrims.id, id)).returning({ id: scrims.id });
  return deleted.length > 0;
}

export async function insertParticipants({
  db,
  rows,
}: {
  db: DbOrTx;
  rows: (typeof scrimParticipants.$inferInsert)[];
}) {
  if (rows.length) await db.insert(scrimParticipants).values(rows);
}

export async function deleteParticipant({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  await db
    .delete(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.userId, userId)));
}

export async function moveParticipant({
  db,
  scrimId,
  userId,
  team,
  role,
}: {
  db: DbOrTx;
  scrimId: string;
  userId: string;
  team: TeamName;
  role: Role;
}) {
  await db
    .update(scrimParticipants)
    .set({ team, role })
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.userId, userId)));
}

export async function findUserById({ db, id }: { db: DbOrTx; id: string }) {
  // A deleted account cannot be put in a scrim or made its host.
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/**
 * Up to `limit` users of a region who are not in the scrim and not banned, sampled uniformly at random
 * (ORDER BY random() over every candidate).
 */
export function sampleEligibleUsers({
  db,
  scrimId,
  region,
  limit,
}: {
  db: DbOrTx;
  scrimId: string;
  region: Region;
  limit: number;
}) {
  const inScrim = db
    .select({ id: scrimParticipants.userId })
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId));
  const banInForce = db
    .select({ one: sql`1` })
    .from(bans)
    .where(
      and(
        eq(bans.userId, users.id),
        eq(bans.isActive, true),
        sql`${bans.dateFrom} <= now()`,
        sql`${bans.dateTo} > now()`,
      ),
    );
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.region, region), isNull(users.deletedAt), notInArray(users.id, inScrim), notExists(banInForce)))
    .orderBy(sql`random()`)
    .limit(limit);
}

export async function findImage({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [image] = await db.select().from(postGameImages).where(eq(postGameImages.scrimId, scrimId)).limit(1);
  return image ?? null;
}

export async function upsertImage({ db, image }: { db: DbOrTx; image: typeof postGameImages.$inferInsert }) {
  await db
    .insert(postGameImages)
    .values(image)
    .onConflictDoUpdate({ target: postGameImages.scrimId, set: { ...image, createdAt: new Date() } });
}

export async function deleteImage({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const deleted = await db
    .delete(postGameImages)
    .where(eq(postGameImages.scrimId, scrimId))
    .returning({ id: postGameImages.scrimId });
  return deleted.length > 0;
}

export async function deleteRiotTournament({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.delete(riotTournaments).where(eq(riotTournaments.scrimId, scrimId));
}
