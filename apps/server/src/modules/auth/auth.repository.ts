import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { normalizeSummonerName, type Region } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  authIdentities,
  bans,
  communityHosts,
  normalizedNameSql,
  oidcLoginAttempts,
  sessions,
  users,
} from '../../db/schema/index.js';
import { lookalikeColumns, nameSkeleton } from '../../lib/lookalike.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type BanRow = typeof bans.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export interface Identity {
  provider: string;
  subject: string;
  email: string | null;
  name: string | null;
}

/** Accounts whose name is one with `name` for the name indexes: the same look-alike key or normalised name. */
export const holdsName = (name: string) =>
  or(eq(users.nameSkeleton, nameSkeleton(name)), eq(normalizedNameSql(users.name), normalizeSummonerName(name)));

/** The names of the live accounts of the region, other than `exceptUserId`, holding `name` or a look-alike. */
export async function findNameHolders({
  db,
  name,
  region,
  exceptUserId,
}: {
  db: DbOrTx;
  name: string;
  region: Region;
  exceptUserId: string | null;
}) {
  const rows = await db
    .select({ name: users.name })
    .from(users)
    .where(
      and(
        holdsName(name),
        eq(users.region, region),
        isNull(users.deletedAt),
        exceptUserId === null ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(2);
  return rows.map((row) => row.name);
}

/** The regions a user hosts (community_hosts), as a JSON array: part of the session look-up. */
const hostRegionsOfSessionUser = sql<Region[]>`coalesce((
  select json_agg(${communityHosts.region} order by ${communityHosts.region})
  from ${communityHosts} where ${communityHosts.userId} = ${sessions.userId}), '[]'::json)`;

/**
 * The session of a token hash with its user, the user's latest started ban and the regions they host, in one
 * round trip. It runs on
 * every cache miss of an authenticated request (session-cache.ts), so it is a prepared statement: PostgreSQL
 * plans it once per connection (node-postgres names it; PGlite runs the same text with its parameter).
 */
function sessionLookupQuery(db: DbOrTx) {
  const latestBan = db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, sessions.userId), eq(bans.isActive, true), lte(bans.dateFrom, sql`now()`)))
    .orderBy(desc(bans.dateTo))
    .limit(1)
    .as('latest_ban');
  return db
    .select({
      session: sessions,
      user: users,
      ban: {
        id: latestBan.id,
        userId: latestBan.userId,
        bannedBy: latestBan.bannedBy,
        dateFrom: latestBan.dateFrom,
        dateTo: latestBan.dateTo,
        reason: latestBan.reason,
        isActive: latestBan.isActive,
        liftedAt: latestBan.liftedAt,
        liftedBy: latestBan.liftedBy,
        createdAt: latestBan.createdAt,
      },
      hostRegions: hostRegionsOfSessionUser,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(latestBan, sql`true`)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('auth_session_by_token_hash');
}

const sessionLookups = new WeakMap<DbOrTx, ReturnType<typeof sessionLookupQuery>>();

export interface SessionLookup {
  session: SessionRow;
  user: UserRow | null;
  ban: BanRow | null;
  /** The regions the user is a community host of (none without a user). */
  hostRegions: Region[];
}

/**
 * The session of a token hash (unexpired), with its user, the user's latest started ban and the regions they
 * host; null if none.
 */
export async function findSessionByTokenHash({
  db,
  tokenHash,
}: {
  db: DbOrTx;
  tokenHash: string;
}): Promise<SessionLookup | null> {
  let query = sessionLookups.get(db);
  if (!query) sessionLookups.set(db, (query = sessionLookupQuery(db)));
  const [row] = await query.execute({ tokenHash });
  return row
    ? { session: row.session, user: row.user, ban: row.ban ?? null, hostRegions: row.user ? row.hostRegions : [] }
    : null;
}

/**
 * Of these token hashes, the sessions that still sign someone in: unexpired, of a user that exists, with no ban
 * in force. One look-up by primary key for a whole batch of sockets (their periodic re-check).
 */
export async function findLiveSessionTokenHashes({ db, tokenHashes }: { db: DbOrTx; tokenHashes: string[] }) {
  if (tokenHashes.length === 0) return new Set<string>();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.tokenHash, tokenHashes),
        gt(sessions.expiresAt, sql`now()`),
        sql`not ban_in_force(${sessions.userId})`,
      ),
    );
  return new Set(rows.map((row) => row.tokenHash));
}

/** The latest ban that is flagged active and has started (it may have expired without being lifted). */
export async function findActiveBan({ db, userId }: { db: DbOrTx; userId: string }): Promise<BanRow | null> {
  const [ban] = await db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, userId), eq(bans.isActive, true), lte(bans.dateFrom, sql`now()`)))
    .orderBy(desc(bans.dateTo))
    .limit(1);
  return ban ?? null;
}

export async function insertSession({
  db,
  tokenHash,
  identity,
  userId,
  expiresAt,
}: {
  db: DbOrTx;
  tokenHash: string;
  identity: Identity;
  userId: string | null;
  expiresAt: Date;
}) {
  await db.insert(sessions).values({
    tokenHash,
    userId,
    identityProvider: identity.provider,
    identitySubject: identity.subject,
    identityEmail: identity.email,
    identityName: identity.name,
    expiresAt,
  });
}

export async function bindSessionToUser({ db, tokenHash, userId }: { db: DbOrTx; tokenHash: string; userId: string }) {
  await db.update(sessions).set({ userId }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession({ db, tokenHash }: { db: DbOrTx; tokenHash: string }) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteUserSessions({ db, userId }: { db: DbOrTx; userId: string }) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function findUserByIdentity({ db, provider, subject }: { db: DbOrTx; provider: string; subject: string }) {
  const [row] = await db
    .select({ user: users })
    .from(authIdentities)
    .innerJoin(users, eq(users.id, authIdentities.userId))
    .where(and(eq(authIdentities.provider, provider), eq(authIdentities.subject, subject)))
    .limit(1);
  return row?.user ?? null;
}

/** The regions a user is a community host of, in the regions' order. */
export async function findHostRegionsOfUser({ db, userId }: { db: DbOrTx; userId: string }): Promise<Region[]> {
  const rows = await db
    .select({ region: communityHosts.region })
    .from(communityHosts)
    .where(eq(communityHosts.userId, userId))
    .orderBy(communityHosts.region);
  return rows.map((row) => row.region);
}

export async function findUserById({ db, id }: { db: DbOrTx; id: string }) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function insertUserWithIdentity({
  db,
  user,
  identity,
}: {
  db: DbOrTx;
  user: NewUser;
  identity: Identity;
}): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ ...user, ...lookalikeColumns(user) })
    .returning();
  await db.insert(authIdentities).values({
    provider: identity.provider,
    subject: identity.subject,
    userId: created!.id,
    email: identity.email,
  });
  return created!;
}

export async function updateUserFields({ db, id, fields }: { db: DbOrTx; id: string; fields: Partial<NewUser> }) {
  // A new Riot ID may be another Riot account: its PUUID is looked up again at the next tournament code. A linked
  // account's PUUID came from Riot Sign On and stays (its name follows Riot at the next refresh).
  const riotIdChanged = fields.name !== undefined || fields.summonerTagline !== undefined;
  const keepLinkedPuuid = sql`case when ${users.riotLinkedAt} is null then null else ${users.riotPuuid} end`;
  const values = {
    ...fields,
    ...(riotIdChanged && fields.riotPuuid === undefined && { riotPuuid: keepLinkedPuuid }),
    ...lookalikeColumns(fields),
  };
  const [updated] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return updated ?? null;
}

function touchQuery(db: DbOrTx) {
  return db
    .update(users)
    .set({ lastActiveAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(
      and(
        eq(users.id, sql.placeholder('id')),
        or(isNull(users.lastActiveAt), lt(users.lastActiveAt, sql`${sql.placeholder('cutoff')}::timestamptz`)),
      ),
    )
    .prepare('auth_touch_last_active');
}

const touchQueries = new WeakMap<DbOrTx, ReturnType<typeof touchQuery>>();

/**
 * Sets the user's `last_active_at` to `at`, unless it is already at or after `cutoff` (another session or
 * instance wrote it lately): at most one write per user per minute over every instance. A prepared statement.
 */
export async function touchUserActivity({
  db,
  userId,
  at,
  cutoff,
}: {
  db: DbOrTx;
  userId: string;
  at: Date;
  cutoff: Date;
}) {
  let query = touchQueries.get(db);
  if (!query) touchQueries.set(db, (query = touchQuery(db)));
  await query.execute({ id: userId, at: at.toISOString(), cutoff: cutoff.toISOString() });
}

export async function insertOidcAttempt({
  db,
  attempt,
}: {
  db: DbOrTx;
  attempt: typeof oidcLoginAttempts.$inferInsert;
}) {
  await db.insert(oidcLoginAttempts).values(attempt);
}

/** Takes (reads and deletes) an unexpired attempt, so a state can be used once. */
export async function takeOidcAttempt({ db, state }: { db: DbOrTx; state: string }) {
  const [attempt] = await db
    .delete(oidcLoginAttempts)
    .where(and(eq(oidcLoginAttempts.state, state), gt(oidcLoginAttempts.expiresAt, sql`now()`)))
    .returning();
  return attempt ?? null;
}
