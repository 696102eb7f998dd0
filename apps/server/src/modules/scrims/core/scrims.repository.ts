import { and, asc, eq, getTableColumns, gte, isNull, lt, notExists, notInArray, sql, type Column } from 'drizzle-orm';
import type { Region, Role, RolePreference, TeamName, WaitlistRole } from '@scrim-gym/shared';
import type { DbOrTx } from '../../../db/client.js';
import { bans, postGameImages, riotTournaments, scrimParticipants, scrims, users } from '../../../db/schema/index.js';
import { userSummaryColumns } from '../../../db/user-summary.js';

export type ScrimRow = typeof scrims.$inferSelect;
export type NewScrim = typeof scrims.$inferInsert;
export type ParticipantRow = typeof scrimParticipants.$inferSelect;
type UserRow = typeof users.$inferSelect;
/** The user columns a scrim shows: fetching only these keeps the hub's query light (200 scrims, 2,000 players). */
export type ScrimUserRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'summonerTagline'
  | 'region'
  | 'rank'
  | 'discord'
  | 'riotLinkedAt'
  | 'reliabilityScore'
  | 'reliabilityCommitments'
>;

/** A player's rating in the current season (current_rating_json); null: none yet, the rank's seed applies. */
export interface CurrentRating {
  mu: number;
  sigma: number;
  games: number;
}

export interface ParticipantWithUser {
  kind: 'player' | 'caster';
  team: TeamName | null;
  role: Role | null;
  joinedAt: Date;
  /** Put in by a host or admin and not confirmed yet (carriesCommitment). */
  placed: boolean;
  user: ScrimUserRow;
  /** Players only: their current rating (null for casters, and for players not rated yet). */
  rating: CurrentRating | null;
}

/** A balanced scrim's sign-up. */
export interface SignupWithUser {
  primaryRole: RolePreference;
  secondaryRole: RolePreference;
  createdAt: Date;
  user: ScrimUserRow;
  rating: CurrentRating | null;
}

/** A player waiting for a slot: a role, or any free slot. */
export interface WaitlistEntryWithUser {
  role: WaitlistRole;
  createdAt: Date;
  user: ScrimUserRow;
}

/** A player replaced after the start: `outUserId` null once that account is gone. */
export interface SubstitutionRow {
  outUserId: string | null;
  inUserId: string;
  createdAt: Date;
  /** Both players, named: the absentee is no longer in the slots (null: an account since removed). */
  outUser: ScrimUserRow | null;
  inUser: ScrimUserRow | null;
}

/** A rated player's display rating before and after the scrim's rated result. */
export interface RatingChangeRow {
  userId: string;
  ratingBefore: number;
  ratingAfter: number;
}

/** The open dispute of a captain's report. */
export interface OpenDisputeRow {
  id: string;
  userId: string | null;
  reason: string;
  createdAt: Date;
}

/** A scrim with everything its presentation needs. */
export interface ScrimAggregate {
  scrim: ScrimRow;
  creator: ScrimUserRow | null;
  host: ScrimUserRow | null;
  /** The community host who runs the scrim. */
  hostedBy: ScrimUserRow | null;
  participants: ParticipantWithUser[];
  imageAt: Date | null;
  tournament: typeof riotTournaments.$inferSelect | null;
  signups: SignupWithUser[];
  waitlist: WaitlistEntryWithUser[];
  /** The ids of the players who checked in, in the order they did. */
  checkIns: string[];
  substitutions: SubstitutionRow[];
  ratingChanges: RatingChangeRow[];
  dispute: OpenDisputeRow | null;
}

/** The columns of a ScrimUserRow, for reading one from JSON. */
const scrimUserColumns = {
  ...userSummaryColumns(),
  // scrim_user_json writes the rank that counts under 'rank' (migration 0029): read it as the rank column.
  rank: users.rank,
  discord: users.discord,
  riotLinkedAt: users.riotLinkedAt,
  reliabilityScore: users.reliabilityScore,
  reliabilityCommitments: users.reliabilityCommitments,
};

/**
 * A row as PostgreSQL's to_json writes it (column names, ISO instants) → the row as Drizzle reads it (property
 * names, Dates), through each column's own mapping: a column added to the table needs no change here.
 */
function rowFromJson<T>(columns: Record<string, Column>, json: Record<string, unknown> | null): T | null {
  if (!json) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

interface AggregateJson {
  scrim: Record<string, unknown>;
  creator: Record<string, unknown> | null;
  host: Record<string, unknown> | null;
  hosted_by: Record<string, unknown> | null;
  image_at: string | null;
  tournament: Record<string, unknown> | null;
  participants: {
    kind: 'player' | 'caster';
    team: TeamName | null;
    role: Role | null;
    joined_at: string;
    placed: boolean;
    user: Record<string, unknown>;
    rating: CurrentRating | null;
  }[];
  signups: {
    primary_role: RolePreference;
    secondary_role: RolePreference;
    created_at: string;
    user: Record<string, unknown>;
    rating: CurrentRating | null;
  }[];
  waitlist: { role: WaitlistRole; created_at: string; user: Record<string, unknown> }[];
  check_ins: string[];
  substitutions: {
    out_user_id: string | null;
    in_user_id: string;
    created_at: string;
    out_user: Record<string, unknown> | null;
    in_user: Record<string, unknown> | null;
  }[];
  rating_changes: { user_id: string; rating_before: number; rating_after: number }[];
  dispute: { id: string; user_id: string | null; reason: string; created_at: string } | null;
}

/** The JSON of the SQL function scrim_aggregate (db/functions/scrim_aggregate.sql) as a ScrimAggregate. */
export function aggregateFromJson(value: unknown): ScrimAggregate | null {
  // Both drivers parse json results; a string is parsed here all the same.
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as AggregateJson | null;
  if (!json) return null;
  return {
    scrim: rowFromJson<ScrimRow>(getTableColumns(scrims), json.scrim)!,
    creator: rowFromJson<ScrimUserRow>(scrimUserColumns, json.creator),
    host: rowFromJson<ScrimUserRow>(scrimUserColumns, json.host),
    hostedBy: rowFromJson<ScrimUserRow>(scrimUserColumns, json.hosted_by),
    imageAt: json.image_at === null ? null : new Date(json.image_at),
    tournament: rowFromJson(getTableColumns(riotTournaments), json.tournament),
    participants: json.participants.map((p) => ({
      kind: p.kind,
      team: p.team,
      role: p.role,
      joinedAt: new Date(p.joined_at),
      placed: p.placed,
      user: rowFromJson<ScrimUserRow>(scrimUserColumns, p.user)!,
      rating: p.rating ?? null,
    })),
    signups: json.signups.map((g) => ({
      primaryRole: g.primary_role,
      secondaryRole: g.secondary_role,
      createdAt: new Date(g.created_at),
      user: rowFromJson<ScrimUserRow>(scrimUserColumns, g.user)!,
      rating: g.rating,
    })),
    waitlist: json.waitlist.map((w) => ({
      role: w.role,
      createdAt: new Date(w.created_at),
      user: rowFromJson<ScrimUserRow>(scrimUserColumns, w.user)!,
    })),
    checkIns: json.check_ins,
    substitutions: json.substitutions.map((b) => ({
      outUserId: b.out_user_id,
      inUserId: b.in_user_id,
      createdAt: new Date(b.created_at),
      outUser: rowFromJson<ScrimUserRow>(scrimUserColumns, b.out_user),
      inUser: rowFromJson<ScrimUserRow>(scrimUserColumns, b.in_user),
    })),
    ratingChanges: json.rating_changes.map((c) => ({
      userId: c.user_id,
      ratingBefore: c.rating_before,
      ratingAfter: c.rating_after,
    })),
    dispute: json.dispute && {
      id: json.dispute.id,
      userId: json.dispute.user_id,
      reason: json.dispute.reason,
      createdAt: new Date(json.dispute.created_at),
    },
  };
}

/** scrim_aggregate of each selected scrim: one statement, whatever the number of scrims. */
const aggregateOf = sql<unknown>`scrim_aggregate(${scrims.id})`;

/**
 * The hot reads, prepared once per database handle (a named statement on each pooled PostgreSQL connection,
 * planned once per connection; PGlite runs the same query unnamed).
 */
function prepareReads(db: DbOrTx) {
  return {
    aggregate: db
      .select({ json: aggregateOf })
      .from(scrims)
      .where(eq(scrims.id, sql.placeholder('id')))
      .prepare('scrim_aggregate'),
    publicBetween: db
      .select({ json: aggregateOf })
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
  return row ? aggregateFromJson(row.json) : null;
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
  return rows.map((row) => aggregateFromJson(row.json)!);
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
