import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { riotTournaments, scrimParticipants, scrims, users } from '../../../db/schema/index.js';
import {
  aggregateFromJson,
  riotLobbyJsonOf,
  type NewScrim,
  type ParticipantRow,
  type ScrimAggregate,
  type ScrimRow,
} from './scrim-aggregate.repository.js';

/** scrim_aggregate of each selected scrim and its Riot lobby: one statement, whatever the number of scrims. */
const aggregateOf = { json: sql<unknown>`scrim_aggregate(${scrims.id})`, lobby: riotLobbyJsonOf(scrims.id) };

/**
 * The hot reads, prepared once per database handle (a named statement on each pooled PostgreSQL connection,
 * planned once per connection; PGlite runs the same query unnamed).
 */
function prepareReads(db: DbOrTx) {
  return {
    aggregate: db
      .select(aggregateOf)
      .from(scrims)
      .where(eq(scrims.id, sql.placeholder('id')))
      .prepare('scrim_aggregate'),
    publicBetween: db
      .select(aggregateOf)
      .from(scrims)
      .where(
        and(
          eq(scrims.region, sql.placeholder('region')),
          eq(scrims.isPrivate, false),
          gte(scrims.gameStartTime, sql.placeholder('from')),
          lt(scrims.gameStartTime, sql.placeholder('to')),
        ),
      )
      .orderBy(asc(scrims.gameStartTime), asc(scrims.createdAt))
      .prepare('scrims_public_between'),
  };
}
const preparedReads = new WeakMap<DbOrTx, ReturnType<typeof prepareReads>>();
function readsOf(db: DbOrTx) {
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = prepareReads(db);
    preparedReads.set(db, reads);
  }
  return reads;
}

/** A scrim with creator, host, image stamp, tournament and participants: one prepared statement. */
export async function findScrimAggregate({ db, id }: { db: DbOrTx; id: string }) {
  const [row] = await readsOf(db).aggregate.execute({ id });
  return row ? aggregateFromJson(row.json, row.lobby) : null;
}

/** A scrim's title (one indexed row), or null when there is no such scrim. */
export async function findScrimTitle({ db, id }: { db: DbOrTx; id: string }) {
  const [row] = await db.select({ title: scrims.title }).from(scrims).where(eq(scrims.id, id));
  return row?.title ?? null;
}

/** Public scrims of a region starting in [from, to): the hub's day. Private scrims never appear in lists. */
export async function findPublicScrimsBetween({
  db,
  region,
  from,
  to,
}: {
  db: DbOrTx;
  region: Region;
  from: Date;
  to: Date;
}): Promise<ScrimAggregate[]> {
  const rows = await readsOf(db).publicBetween.execute({ region, from: from.toISOString(), to: to.toISOString() });
  return rows.map((row) => aggregateFromJson(row.json, row.lobby)!);
}

/** Locks the scrim row for the rest of the transaction, so actions on one scrim run one at a time. */
export async function lockScrim({ db, id }: { db: DbOrTx; id: string }): Promise<ScrimRow | null> {
  const [row] = await db.select().from(scrims).where(eq(scrims.id, id)).for('update');
  return row ?? null;
}

/** The users on a series game's two teams' rosters or lineups (series_roster_ids); empty for any other scrim. */
export async function findSeriesRosterIds({ db, scrimId }: { db: DbOrTx; scrimId: string }): Promise<string[]> {
  const [row] = await db
    .select({ ids: sql<string[]>`to_json(series_roster_ids(${scrimId}::uuid))` })
    .from(sql`(select 1) x`);
  return row?.ids ?? [];
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

export async function deleteParticipant({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  await db
    .delete(scrimParticipants)
    .where(and(eq(scrimParticipants.scrimId, scrimId), eq(scrimParticipants.userId, userId)));
}

/** The player now carries their place (they checked in or confirmed it): no longer placed. */
export async function clearPlaced({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  await db
    .update(scrimParticipants)
    .set({ placed: false })
    .where(
      and(
        eq(scrimParticipants.scrimId, scrimId),
        eq(scrimParticipants.userId, userId),
        eq(scrimParticipants.placed, true),
      ),
    );
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

export async function deleteRiotTournament({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  await db.delete(riotTournaments).where(eq(riotTournaments.scrimId, scrimId));
}
