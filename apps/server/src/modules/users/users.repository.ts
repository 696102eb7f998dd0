import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  ActivityBucket,
  ActivityPoint,
  CreatedFilter,
  DateSort,
  ParticipatedFilter,
  Region,
  ResultStatus,
  StatsCounts,
} from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { bans, friendships, normalizedNameSql, scrimParticipants, scrims, users } from '../../db/schema/index.js';
import { userSummaryColumns } from '../../db/user-summary.js';

/** LIKE patterns treat the user's text literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users whose name or tagline contains `name` (and whose tagline starts with `tag`), best candidates first. */
export function findUsersMatching({
  db,
  name,
  tag,
  region,
  limit,
}: {
  db: DbOrTx;
  name: string;
  tag: string | null;
  region?: Region;
  limit: number;
}) {
  const conditions: (SQL | undefined)[] = [];
  if (name) {
    const pattern = `%${escapeLike(name)}%`;
    conditions.push(
      tag === null ? or(ilike(users.name, pattern), ilike(users.summonerTagline, pattern)) : ilike(users.name, pattern),
    );
  }
  if (tag) conditions.push(ilike(users.summonerTagline, `${escapeLike(tag)}%`));
  if (region) conditions.push(eq(users.region, region));
  // A deleted account is found by nobody (it is 'Deleted player' in scrims and chats only).
  conditions.push(isNull(users.deletedAt));
  return db
    .select(userSummaryColumns())
    .from(users)
    .where(and(...conditions))
    .orderBy(sql`position(lower(${name}) in lower(${users.name})) = 0`, sql`length(${users.name})`, asc(users.name))
    .limit(limit);
}

export type UserRow = typeof users.$inferSelect;
export type BanRow = typeof bans.$inferSelect;

/**
 * The user called `name` (ignoring case and runs of spaces, like the unique index on name and region), in
 * `region` when given. Names are unique per region only, so without a region the one whose tagline matches
 * comes first, then the oldest account.
 */
export async function findUserByName({
  db,
  name,
  region,
  tagline,
}: {
  db: DbOrTx;
  name: string;
  region?: Region;
  tagline?: string;
}): Promise<UserRow | null> {
  const normalized = name.trim().replace(/\s+/g, ' ').toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        // The same expression as users_name_region_uq, so the index serves the look-up.
        eq(normalizedNameSql(users.name), normalized),
        region ? eq(users.region, region) : undefined,
        isNull(users.deletedAt),
      ),
    )
    .orderBy(
      tagline ? sql`lower(${users.summonerTagline}) = ${tagline.toLowerCase()} desc` : asc(users.createdAt),
      asc(users.createdAt),
    )
    .limit(1);
  return user ?? null;
}

export async function findUserById({ db, id }: { db: DbOrTx; id: string }): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function userExists({ db, id }: { db: DbOrTx; id: string }) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row);
}

/** How many friends `userId` has, and whether `viewerId` is one of them: one aggregate over their friendships. */
export async function findFriendCircle({ db, userId, viewerId }: { db: DbOrTx; userId: string; viewerId: string }) {
  const [row] = await db
    .select({
      friendsCount: sql<number>`count(*)::int`,
      isFriend: sql<boolean>`coalesce(bool_or(${friendships.userLowId} = ${viewerId} or ${friendships.userHighId} = ${viewerId}), false)`,
    })
    .from(friendships)
    .where(or(eq(friendships.userLowId, userId), eq(friendships.userHighId, userId)));
  return { friendsCount: Number(row?.friendsCount ?? 0), isFriend: Boolean(row?.isFriend) };
}

/** The user's latest ban still flagged active (in force, scheduled, or expired but not lifted). */
export async function findLatestFlaggedBan({ db, userId }: { db: DbOrTx; userId: string }): Promise<BanRow | null> {
  const [ban] = await db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, userId), eq(bans.isActive, true)))
    .orderBy(desc(bans.dateTo))
    .limit(1);
  return ban ?? null;
}

/* ---- Stats and activity: aggregates in SQL over the user's participations ---- */

const finished = isNotNull(scrims.teamWon);
/** A winner the other team (or an admin, or Riot) confirmed: the only results stats, EXP and win rates count. */
const confirmed = eq(scrims.resultStatus, 'confirmed');
const isPlayer = sql`${scrimParticipants.kind} = 'player'`;
const isCaster = sql`${scrimParticipants.kind} = 'caster'`;

/** Wins, losses and casts of scrims with a confirmed result, in one aggregate. */
export async function countResults({ db, userId }: { db: DbOrTx; userId: string }): Promise<StatsCounts> {
  const [row] = await db
    .select({
      wins: sql<number>`count(*) filter (where ${isPlayer} and ${scrims.teamWon} = ${scrimParticipants.team})::int`,
      losses: sql<number>`count(*) filter (where ${isPlayer} and ${scrims.teamWon} <> ${scrimParticipants.team})::int`,
      casts: sql<number>`count(*) filter (where ${isCaster})::int`,
    })
    .from(scrimParticipants)
    .innerJoin(scrims, eq(scrims.id, scrimParticipants.scrimId))
    .where(and(eq(scrimParticipants.userId, userId), confirmed));
  return { wins: Number(row?.wins ?? 0), losses: Number(row?.losses ?? 0), casts: Number(row?.casts ?? 0) };
}

/**
 * Games played and casted (confirmed results) per day, week or month of [from, to] (calendar dates in `timeZone`), every
 * bucket present (zero when empty): generate_series left-joined to one grouped aggregate.
 */
export async function activitySeries({
  db,
  userId,
  from,
  to,
  timeZone,
  bucket,
}: {
  db: DbOrTx;
  userId: string;
  from: string;
  to: string;
  timeZone: string;
  bucket: ActivityBucket;
}): Promise<ActivityPoint[]> {
  const step = `1 ${bucket}`;
  const result = await db.execute(sql`
    with counts as (
      select date_trunc(${bucket}, ${scrims.gameStartTime} at time zone ${timeZone}) as start,
        count(*) filter (where ${isPlayer})::int as played,
        count(*) filter (where ${isCaster})::int as casted
      from ${scrimParticipants}
      join ${scrims} on ${scrims.id} = ${scrimParticipants.scrimId}
      where ${scrimParticipants.userId} = ${userId}
        and ${confirmed}
        and ${scrims.gameStartTime} >= (${from}::date::timestamp at time zone ${timeZone})
        and ${scrims.gameStartTime} < ((${to}::date + 1)::timestamp at time zone ${timeZone})
      group by 1
    )
    select to_char(series.start, 'YYYY-MM-DD') as start,
      coalesce(counts.played, 0)::int as played,
      coalesce(counts.casted, 0)::int as casted
    from generate_series(date_trunc(${bucket}, ${from}::date::timestamp), ${to}::date::timestamp, ${step}::interval)
      as series(start)
    left join counts on counts.start = series.start
    order by series.start
  `);
  const rows = (result as unknown as { rows: ActivityPoint[] }).rows;
  return rows.map((r) => ({ start: r.start, played: Number(r.played), casted: Number(r.casted) }));
}

/* ---- Scrim lists: keyset pages on (gameStartTime, id) ---- */

export interface ListCursor {
  at: string;
  id: string;
}

export interface ProfileScrimRow {
  id: string;
  title: string;
  region: Region;
  gameStartTime: Date;
  isPrivate: boolean;
  teamWon: 'teamOne' | 'teamTwo' | null;
  resultStatus: ResultStatus | null;
  abandonedAt: Date | null;
  isLobbyHost: boolean;
  kind: 'player' | 'caster' | null;
  team: 'teamOne' | 'teamTwo' | null;
  role: 'Top' | 'Jungle' | 'Mid' | 'ADC' | 'Support' | null;
  playersCount: number;
}

const PARTICIPATED_CONDITIONS: Record<ParticipatedFilter, (userId: string) => SQL | undefined> = {
  none: () => undefined,
  played: () => and(isPlayer, finished),
  casted: () => and(isCaster, finished),
  captain: (userId) => eq(scrims.lobbyHostId, userId),
  won: () => and(isPlayer, confirmed, eq(scrims.teamWon, scrimParticipants.team)),
  lost: () => and(isPlayer, confirmed, ne(scrims.teamWon, scrimParticipants.team)),
};

const CREATED_CONDITIONS: Record<CreatedFilter, SQL | undefined> = {
  none: undefined,
  public: eq(scrims.isPrivate, false),
  private: eq(scrims.isPrivate, true),
};

const afterCursor = (sort: DateSort, cursor: ListCursor | null) =>
  cursor
    ? sort === 'desc'
      ? sql`(${scrims.gameStartTime}, ${scrims.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : sql`(${scrims.gameStartTime}, ${scrims.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;

const byDate = (sort: DateSort) =>
  sort === 'desc' ? [desc(scrims.gameStartTime), desc(scrims.id)] : [asc(scrims.gameStartTime), asc(scrims.id)];

const rowColumns = (userId: string) => ({
  id: scrims.id,
  title: scrims.title,
  region: scrims.region,
  gameStartTime: scrims.gameStartTime,
  isPrivate: scrims.isPrivate,
  teamWon: scrims.teamWon,
  resultStatus: scrims.resultStatus,
  abandonedAt: scrims.abandonedAt,
  isLobbyHost: sql<boolean>`coalesce(${scrims.lobbyHostId} = ${userId}, false)`,
  kind: scrimParticipants.kind,
  team: scrimParticipants.team,
  role: scrimParticipants.role,
  playersCount: sql<number>`(select count(*)::int from ${scrimParticipants} as players
    where players.scrim_id = ${scrims.id} and players.kind = 'player')`,
});

interface PageArgs {
  db: DbOrTx;
  userId: string;
  sort: DateSort;
  cursor: ListCursor | null;
  limit: number;
}

/** One page (`limit` + 1 rows, to tell whether another follows) of the scrims `userId` played or casted in. */
export async function findParticipatedPage({
  db,
  userId,
  filter,
  includePrivate,
  sort,
  cursor,
  limit,
}: PageArgs & { filter: ParticipatedFilter; includePrivate: boolean }) {
  const where = and(
    eq(scrimParticipants.userId, userId),
    PARTICIPATED_CONDITIONS[filter](userId),
    includePrivate ? undefined : eq(scrims.isPrivate, false),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(rowColumns(userId))
      .from(scrimParticipants)
      .innerJoin(scrims, eq(scrims.id, scrimParticipants.scrimId))
      .where(and(where, afterCursor(sort, cursor)))
      .orderBy(...byDate(sort))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(scrimParticipants)
      .innerJoin(scrims, eq(scrims.id, scrimParticipants.scrimId))
      .where(where),
  ]);
  return { rows: rows as ProfileScrimRow[], total: Number(counted?.total ?? 0) };
}

/** One page of the scrims `userId` created, with their own part in each when they took one. */
export async function findCreatedPage({
  db,
  userId,
  filter,
  sort,
  cursor,
  limit,
}: PageArgs & { filter: CreatedFilter }) {
  const where = and(eq(scrims.createdBy, userId), CREATED_CONDITIONS[filter]);
  const [rows, [counted]] = await Promise.all([
    db
      .select(rowColumns(userId))
      .from(scrims)
      .leftJoin(scrimParticipants, and(eq(scrimParticipants.scrimId, scrims.id), eq(scrimParticipants.userId, userId)))
      .where(and(where, afterCursor(sort, cursor)))
      .orderBy(...byDate(sort))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(scrims)
      .where(where),
  ]);
  return { rows: rows as ProfileScrimRow[], total: Number(counted?.total ?? 0) };
}
