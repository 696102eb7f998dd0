import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { TEAM_RELIABILITY_WINDOW, type Region, type TeamRole } from '@scrim-gym/shared';
import type { DbOrTx, Transaction } from '../../db/client.js';
import { countedRankSql, series, seriesTeams, teamMembers, teams, users } from '../../db/schema/index.js';
import { userSummaryColumns } from '../../db/user-summary.js';
import { nameSkeleton } from '../../lib/lookalike.js';

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;

/** The unique indexes that refuse a name or a tag a team of the region already holds (after folding). */
export const TEAM_NAME_CONSTRAINT = 'teams_name_folded_region_uq';
export const TEAM_TAG_CONSTRAINT = 'teams_tag_folded_region_uq';

/** The folded columns for whichever of name and tag `fields` sets; written with them, always. */
const foldedColumns = (fields: { name?: string; tag?: string }) => ({
  ...(fields.name !== undefined && { name: fields.name, nameFolded: nameSkeleton(fields.name) }),
  ...(fields.tag !== undefined && { tag: fields.tag, tagFolded: nameSkeleton(fields.tag) }),
});

/** The search key of `q`: what a name or a tag containing it contains once both are folded. */
export const foldedQuery = (q: string) => nameSkeleton(q);

/**
 * Serialises every change of the teams `userId` is on for the rest of the transaction (creating a team, joining
 * one), so "at most 3 teams" is counted by one writer at a time, on every instance.
 */
export async function lockUserTeams({ tx, userId }: { tx: Transaction; userId: string }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`teams:user:${userId}`}, 0))`);
}

/** The team's row, locked for the rest of the transaction (roster and ownership changes one at a time). */
export async function lockTeam({ tx, id }: { tx: Transaction; id: string }): Promise<TeamRow | null> {
  const [row] = await tx.select().from(teams).where(eq(teams.id, id)).for('update');
  return row ?? null;
}

export async function findTeam({ db, id }: { db: DbOrTx; id: string }): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id));
  return row ?? null;
}

export async function countUserTeams({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.userId, userId));
  return row?.n ?? 0;
}

export async function insertTeam({
  db,
  team,
}: {
  db: DbOrTx;
  team: { name: string; tag: string; region: Region; logoUrl: string | null; createdBy: string };
}): Promise<TeamRow> {
  const [row] = await db
    .insert(teams)
    .values({ ...team, nameFolded: nameSkeleton(team.name), tagFolded: nameSkeleton(team.tag) })
    .returning();
  return row!;
}

export async function updateTeamFields({
  db,
  id,
  fields,
}: {
  db: DbOrTx;
  id: string;
  fields: { name?: string; tag?: string; logoUrl?: string | null };
}) {
  await db
    .update(teams)
    .set({ ...foldedColumns(fields), ...(fields.logoUrl !== undefined && { logoUrl: fields.logoUrl }) })
    .where(eq(teams.id, id));
}

export async function deleteTeamRow({ db, id }: { db: DbOrTx; id: string }) {
  await db.delete(teams).where(eq(teams.id, id));
}

export async function findMembership({ db, teamId, userId }: { db: DbOrTx; teamId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

export async function insertMember({
  db,
  member,
}: {
  db: DbOrTx;
  member: { teamId: string; userId: string; role: TeamRole; isCaptain?: boolean; isOwner?: boolean };
}) {
  await db.insert(teamMembers).values(member);
}

export async function updateMember({
  db,
  teamId,
  userId,
  fields,
}: {
  db: DbOrTx;
  teamId: string;
  userId: string;
  fields: Partial<Pick<TeamMemberRow, 'role' | 'isCaptain' | 'isOwner'>>;
}) {
  await db
    .update(teamMembers)
    .set(fields)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function deleteMember({ db, teamId, userId }: { db: DbOrTx; teamId: string; userId: string }) {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** The roster with each member's card: the owner first, then captains, then by joining time. */
export function findRoster({ db, teamId }: { db: DbOrTx; teamId: string }) {
  return db
    .select({
      user: userSummaryColumns(),
      role: teamMembers.role,
      isCaptain: teamMembers.isCaptain,
      isOwner: teamMembers.isOwner,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(desc(teamMembers.isOwner), desc(teamMembers.isCaptain), asc(teamMembers.joinedAt), asc(users.id));
}
export type RosterRow = Awaited<ReturnType<typeof findRoster>>[number];

const memberCount = sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`;
const summaryColumns = {
  id: teams.id,
  name: teams.name,
  nameFolded: teams.nameFolded,
  tag: teams.tag,
  region: teams.region,
  logoUrl: teams.logoUrl,
  createdAt: teams.createdAt,
  memberCount,
};
export type TeamSummaryRow = {
  [K in keyof typeof summaryColumns]: K extends 'memberCount' ? number : TeamRow[K & keyof TeamRow];
};

/** Where a page of the search starts: after this team in (folded name, id) order. */
export interface SearchPosition {
  nameFolded: string;
  id: string;
}

/** A page of teams in (folded name, id) order: of `region` (every region when null), matching `q` when given. */
export function searchTeams({
  db,
  region,
  q,
  after,
  limit,
}: {
  db: DbOrTx;
  region: Region | null;
  q: string | null;
  after: SearchPosition | null;
  limit: number;
}): Promise<TeamSummaryRow[]> {
  const filters: (SQL | undefined)[] = [
    region ? eq(teams.region, region) : undefined,
    // Folded both sides, so 'T1' finds 'Tl' and a Cyrillic look-alike finds its Latin team; strpos takes no pattern.
    q
      ? or(
          sql`strpos(${teams.nameFolded}, ${foldedQuery(q)}) > 0`,
          sql`strpos(${teams.tagFolded}, ${foldedQuery(q)}) > 0`,
        )
      : undefined,
    after
      ? or(gt(teams.nameFolded, after.nameFolded), and(eq(teams.nameFolded, after.nameFolded), gt(teams.id, after.id)))
      : undefined,
  ];
  return db
    .select(summaryColumns)
    .from(teams)
    .where(and(...filters))
    .orderBy(asc(teams.nameFolded), asc(teams.id))
    .limit(limit);
}

/** The teams `userId` is on, oldest membership first; null when there is no such user. */
export async function findUserTeams({ db, userId }: { db: DbOrTx; userId: string }): Promise<TeamSummaryRow[] | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  return db
    .select(summaryColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.joinedAt), asc(teams.id));
}

/** The user's preferred role, the roster role a team's creator starts with when it is a position. */
export async function findPrimaryRole({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db.select({ primaryRole: users.primaryRole }).from(users).where(eq(users.id, userId));
  return row?.primaryRole ?? null;
}

/** The ids of the teams `userId` is on. */
export async function findTeamIdsOfUser({ db, userId }: { db: DbOrTx; userId: string }) {
  const rows = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
  return rows.map((r) => r.teamId);
}

/** Who takes a team over from its leaving owner: the longest-standing captain, else the longest-standing member. */
export async function findSuccessor({ db, teamId, ownerId }: { db: DbOrTx; teamId: string; ownerId: string }) {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, ownerId)))
    .orderBy(desc(teamMembers.isCaptain), asc(teamMembers.joinedAt), asc(teamMembers.userId))
    .limit(1);
  return row?.userId ?? null;
}

/** The teams of `teamIds` that exist: what a team card shows of the team itself. */
export function findTeamsByIds({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: teams.id, name: teams.name, tag: teams.tag, logoUrl: teams.logoUrl, region: teams.region })
    .from(teams)
    .where(inArray(teams.id, [...teamIds]));
}
export type TeamCardRow = Awaited<ReturnType<typeof findTeamsByIds>>[number];

/** The players (coaches aside) of the teams of `teamIds`, with the rank that seeds their rating. */
export function findPlayersOfTeams({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId, rank: countedRankSql(users) })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, [...teamIds]), ne(teamMembers.role, 'Coach')));
}

/** The user ids of a team's roster, every role. */
export async function findMemberIds({ db, teamId }: { db: DbOrTx; teamId: string }): Promise<string[]> {
  const rows = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((row) => row.userId);
}

/** The captains (the owner among them) of the teams of `teamIds`. */
export function findCaptains({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, [...teamIds]), eq(teamMembers.isCaptain, true)));
}

/** How many series of the team are still to be played or under way (scheduled or live). */
export async function countUnfinishedSeries({ db, teamId }: { db: DbOrTx; teamId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(seriesTeams)
    .innerJoin(series, eq(series.id, seriesTeams.seriesId))
    .where(and(eq(seriesTeams.teamId, teamId), inArray(series.status, ['scheduled', 'live'])));
  return row?.n ?? 0;
}

/** How each team of `teamIds` came out of its last TEAM_RELIABILITY_WINDOW decided series (teams without any absent). */
export async function findReliabilityCounts({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  if (teamIds.length === 0) return [];
  const recent = db
    .select({
      teamId: seriesTeams.teamId,
      outcome: seriesTeams.outcome,
      recency:
        sql<number>`row_number() over (partition by ${seriesTeams.teamId} order by ${seriesTeams.outcomeAt} desc)`.as(
          'recency',
        ),
    })
    .from(seriesTeams)
    .where(and(inArray(seriesTeams.teamId, [...teamIds]), isNotNull(seriesTeams.outcome)))
    .as('recent');
  const counted = (outcome: string) =>
    sql<number>`count(*) filter (where ${recent.outcome} = ${outcome})`.mapWith(Number);
  const rows = await db
    .select({
      teamId: recent.teamId,
      played: counted('played'),
      lateCancels: counted('late_cancel'),
      noShows: counted('no_show'),
    })
    .from(recent)
    .where(lte(recent.recency, TEAM_RELIABILITY_WINDOW))
    .groupBy(recent.teamId);
  return rows.flatMap((row) => (row.teamId ? [{ ...row, teamId: row.teamId }] : []));
}
export type ReliabilityCounts = Awaited<ReturnType<typeof findReliabilityCounts>>[number];
