import {
  ROLES,
  TEAM_LIMIT_PER_USER,
  TEAM_MESSAGES,
  TEAM_SEARCH_PAGE_SIZE,
  type CreateTeamBody,
  type Region,
  type Team,
  type TeamCard,
  type TeamRole,
  type TeamSummary,
  type UpdateTeamBody,
  type UpdateTeamMemberBody,
} from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../db/client.js';
import { conflict, notFound, uniqueViolation } from '../../lib/errors.js';
import type { Viewer } from '../auth/index.js';
import { currentRatingsOf, currentTeamRatingsOf, seedTeamRating, type Rating } from '../ratings/index.js';
import { decodeSearchCursor, encodeSearchCursor } from './teams.cursor.js';
import { assertTeamCaptain, assertTeamOwner } from './teams.policy.js';
import { toTeam, toTeamCard, toTeamSummary } from './teams.presenter.js';
import * as repo from './teams.repository.js';

export const teamNotFound = () => notFound(TEAM_MESSAGES.notFound, 'TEAM_NOT_FOUND');

/**
 * Runs `work` in one transaction and turns the name and tag indexes' refusals into the 409 that names the
 * clash: two teams that fold to one name or tag in a region are decided by the unique indexes, not a read.
 */
async function writeTeam<T>(
  db: Database,
  names: { name?: string; tag?: string; region: Region },
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === repo.TEAM_NAME_CONSTRAINT)
      throw conflict(TEAM_MESSAGES.nameTaken(names.name ?? '', names.region), 'TEAM_NAME_TAKEN');
    if (constraint === repo.TEAM_TAG_CONSTRAINT)
      throw conflict(TEAM_MESSAGES.tagTaken(names.tag ?? '', names.region), 'TEAM_TAG_TAKEN');
    throw error;
  }
}

/**
 * The 3-team limit, counted under the user's team lock, so two joins or creations at once (on any instances)
 * cannot put a user on a fourth team.
 */
export async function assertRoomForAnotherTeam({ tx, userId }: { tx: Transaction; userId: string }) {
  await repo.lockUserTeams({ tx, userId });
  if ((await repo.countUserTeams({ db: tx, userId })) >= TEAM_LIMIT_PER_USER)
    throw conflict(TEAM_MESSAGES.teamLimit, 'TEAM_LIMIT');
}

/** A team is not deleted while one of its series is scheduled or under way. */
export async function assertNoScheduledSeries({ tx, teamId }: { tx: Transaction; teamId: string }) {
  if ((await repo.countUnfinishedSeries({ db: tx, teamId })) > 0)
    throw conflict(TEAM_MESSAGES.seriesScheduled, 'SERIES_SCHEDULED');
}

/**
 * The cards of the teams of `teamIds` (those that exist), by id: each team's rating (its current season's, else
 * the seed from its players') shown as the rank it stands for, and its reliability. One read of the teams, one of
 * their season ratings and one of the rosters, then one of the players' ratings for the teams still on their seed,
 * whatever the number of teams, for the board's pages.
 */
export async function getTeamCards({
  db,
  teamIds,
}: {
  db: DbOrTx;
  teamIds: readonly string[];
}): Promise<Map<string, TeamCard>> {
  const ids = [...new Set(teamIds)];
  const [rows, players, standings, reliability] = await Promise.all([
    repo.findTeamsByIds({ db, teamIds: ids }),
    repo.findPlayersOfTeams({ db, teamIds: ids }),
    currentTeamRatingsOf({ db, teamIds: ids }),
    repo.findReliabilityCounts({ db, teamIds: ids }),
  ]);
  const reliabilityOf = new Map(reliability.map((counts) => [counts.teamId, counts]));
  const seeded = players.filter((player) => !standings.has(player.teamId));
  const ratings = await currentRatingsOf({ db, players: seeded });
  const ratingsOf = new Map<string, Rating[]>();
  seeded.forEach((player, i) => ratingsOf.set(player.teamId, [...(ratingsOf.get(player.teamId) ?? []), ratings[i]!]));
  return new Map(
    rows.map((row) => [
      row.id,
      toTeamCard({
        team: row,
        rating: standings.get(row.id)?.rating ?? seedTeamRating(ratingsOf.get(row.id) ?? []),
        reliability: reliabilityOf.get(row.id),
      }),
    ]),
  );
}

/** The user ids of the captains of each team of `teamIds`. */
export async function captainsOf({ db, teamIds }: { db: DbOrTx; teamIds: readonly string[] }) {
  const byTeam = new Map<string, string[]>();
  for (const { teamId, userId } of await repo.findCaptains({ db, teamIds }))
    byTeam.set(teamId, [...(byTeam.get(teamId) ?? []), userId]);
  return byTeam;
}

/** Who is on a team's roster (user ids), for a series' lineup. */
export function memberIdsOf({ db, teamId }: { db: DbOrTx; teamId: string }) {
  return repo.findMemberIds({ db, teamId });
}

/** The viewer's place on a team (null when not on it), for other modules' captain checks. */
export function membershipOf({ db, teamId, userId }: { db: DbOrTx; teamId: string; userId: string }) {
  return repo.findMembership({ db, teamId, userId });
}

/** The ids of the teams a user is on. */
export function teamIdsOf({ db, userId }: { db: DbOrTx; userId: string }) {
  return repo.findTeamIdsOfUser({ db, userId });
}

/** Whether there is a team of this id. */
export const teamExists = async ({ db, id }: { db: DbOrTx; id: string }) => (await repo.findTeam({ db, id })) !== null;

/** The whole team as GET /api/teams/:id answers it. */
export async function getTeam({ db, id }: { db: DbOrTx; id: string }): Promise<Team> {
  const team = await repo.findTeam({ db, id });
  if (!team) throw teamNotFound();
  const [roster, standings, [reliability]] = await Promise.all([
    repo.findRoster({ db, teamId: id }),
    currentTeamRatingsOf({ db, teamIds: [id] }),
    repo.findReliabilityCounts({ db, teamIds: [id] }),
  ]);
  const standing = standings.get(id);
  if (standing) return toTeam({ team, roster, standing, reliability });
  // Coaches do not play: the seed is the players' (starters and substitutes).
  const players = roster.filter((m) => m.role !== 'Coach').map((m) => ({ userId: m.user.id, rank: m.user.rank }));
  const rating = seedTeamRating(await currentRatingsOf({ db, players }));
  const seed = { rating, games: 0, wins: 0, losses: 0, provisional: true };
  return toTeam({ team, roster, standing: seed, reliability });
}

/** A team's creator is its owner and a captain, in their preferred position when they have one, else a Sub. */
const creatorRole = (primaryRole: string | null): TeamRole =>
  (ROLES as readonly string[]).includes(primaryRole ?? '') ? (primaryRole as TeamRole) : 'Sub';

export async function createTeam({ db, viewer, body }: { db: Database; viewer: Viewer; body: CreateTeamBody }) {
  const id = await writeTeam(db, body, async (tx) => {
    await assertRoomForAnotherTeam({ tx, userId: viewer.id });
    const team = await repo.insertTeam({
      db: tx,
      team: {
        name: body.name,
        tag: body.tag,
        region: body.region,
        logoUrl: body.logoUrl ?? null,
        createdBy: viewer.id,
      },
    });
    const role = creatorRole(await repo.findPrimaryRole({ db: tx, userId: viewer.id }));
    await repo.insertMember({
      db: tx,
      member: { teamId: team.id, userId: viewer.id, role, isCaptain: true, isOwner: true },
    });
    return team.id;
  });
  return getTeam({ db, id });
}

/** Locks the team's row for the rest of the transaction: roster, invite and settings changes go one at a time. */
export async function lockTeam({ tx, teamId }: { tx: Transaction; teamId: string }) {
  const team = await repo.lockTeam({ tx, id: teamId });
  if (!team) throw teamNotFound();
  return team;
}

/** Locks the team and reads the viewer's place on it: what every roster and settings change starts from. */
async function lockTeamFor({ tx, teamId, viewer }: { tx: Transaction; teamId: string; viewer: Viewer }) {
  const team = await lockTeam({ tx, teamId });
  return { team, membership: await repo.findMembership({ db: tx, teamId, userId: viewer.id }) };
}

export async function updateTeam({
  db,
  viewer,
  id,
  body,
}: {
  db: Database;
  viewer: Viewer;
  id: string;
  body: UpdateTeamBody;
}) {
  const current = await repo.findTeam({ db, id });
  if (!current) throw teamNotFound();
  await writeTeam(db, { ...body, region: current.region }, async (tx) => {
    const { membership } = await lockTeamFor({ tx, teamId: id, viewer });
    assertTeamCaptain(membership);
    await repo.updateTeamFields({ db: tx, id, fields: body });
  });
  return getTeam({ db, id });
}

export async function deleteTeam({ db, viewer, id }: { db: Database; viewer: Viewer; id: string }) {
  await db.transaction(async (tx) => {
    const { membership } = await lockTeamFor({ tx, teamId: id, viewer });
    assertTeamOwner(membership);
    await assertNoScheduledSeries({ tx, teamId: id });
    await repo.deleteTeamRow({ db: tx, id });
  });
}

const memberNotFound = () => notFound(TEAM_MESSAGES.notMember, 'NOT_TEAM_MEMBER');

/**
 * A captain sets a member's role and captaincy. `isOwner: true` hands the ownership over and is the owner's
 * alone; the former owner stays a captain. The owner is always a captain (409 when asked otherwise).
 */
export async function updateTeamMember({
  db,
  viewer,
  teamId,
  userId,
  body,
}: {
  db: Database;
  viewer: Viewer;
  teamId: string;
  userId: string;
  body: UpdateTeamMemberBody;
}) {
  await db.transaction(async (tx) => {
    const { membership } = await lockTeamFor({ tx, teamId, viewer });
    assertTeamCaptain(membership);
    if (body.isOwner) assertTeamOwner(membership);
    const target = await repo.findMembership({ db: tx, teamId, userId });
    if (!target) throw memberNotFound();
    const becomesOwner = Boolean(body.isOwner) && !target.isOwner;
    if ((target.isOwner || becomesOwner) && !body.isCaptain)
      throw conflict(TEAM_MESSAGES.ownerStaysCaptain, 'CONFLICT');
    // One owner at a time (team_members_one_owner_uq): the former owner steps down first.
    if (becomesOwner) await repo.updateMember({ db: tx, teamId, userId: viewer.id, fields: { isOwner: false } });
    await repo.updateMember({
      db: tx,
      teamId,
      userId,
      fields: { role: body.role, isCaptain: body.isCaptain, ...(becomesOwner && { isOwner: true }) },
    });
  });
  return getTeam({ db, id: teamId });
}

/**
 * A member leaves (the owner only once someone else owns the team) or a captain removes a member (never the
 * owner).
 */
export async function removeTeamMember({
  db,
  viewer,
  teamId,
  userId,
}: {
  db: Database;
  viewer: Viewer;
  teamId: string;
  userId: string;
}) {
  await db.transaction(async (tx) => {
    const { membership } = await lockTeamFor({ tx, teamId, viewer });
    if (userId === viewer.id) {
      if (!membership) throw memberNotFound();
      if (membership.isOwner) throw conflict(TEAM_MESSAGES.ownerMustHandOver, 'OWNER_MUST_HAND_OVER');
    } else {
      assertTeamCaptain(membership);
      const target = await repo.findMembership({ db: tx, teamId, userId });
      if (!target) throw memberNotFound();
      if (target.isOwner) throw conflict(TEAM_MESSAGES.ownerCannotBeRemoved, 'OWNER_MUST_HAND_OVER');
    }
    await repo.deleteMember({ db: tx, teamId, userId });
  });
  return getTeam({ db, id: teamId });
}

/**
 * Takes a deleted account off every team it is on, inside the deletion's transaction: an owner's team passes to
 * its longest-standing captain (else member), and a team with nobody else is deleted with it.
 */
export async function leaveTeamsOfDeletedUser({ tx, userId }: { tx: Transaction; userId: string }) {
  for (const teamId of await repo.findTeamIdsOfUser({ db: tx, userId })) {
    await lockTeam({ tx, teamId });
    const membership = await repo.findMembership({ db: tx, teamId, userId });
    if (!membership) continue;
    if (membership.isOwner) {
      const successor = await repo.findSuccessor({ db: tx, teamId, ownerId: userId });
      if (!successor) {
        await repo.deleteTeamRow({ db: tx, id: teamId });
        continue;
      }
      await repo.deleteMember({ db: tx, teamId, userId });
      await repo.updateMember({ db: tx, teamId, userId: successor, fields: { isOwner: true, isCaptain: true } });
      continue;
    }
    await repo.deleteMember({ db: tx, teamId, userId });
  }
}

/** Adds an invited user to a team (locked by the caller) as a Sub, under the 3-team limit. */
export async function addInvitedMember({ tx, teamId, userId }: { tx: Transaction; teamId: string; userId: string }) {
  if (await repo.findMembership({ db: tx, teamId, userId }))
    throw conflict(TEAM_MESSAGES.alreadyMember, 'ALREADY_TEAM_MEMBER');
  await assertRoomForAnotherTeam({ tx, userId });
  await repo.insertMember({ db: tx, member: { teamId, userId, role: 'Sub' } });
}

/** The viewer's place on a team, for the invite routes' captain check. */
export async function lockTeamForCaptain({ tx, teamId, viewer }: { tx: Transaction; teamId: string; viewer: Viewer }) {
  const { team, membership } = await lockTeamFor({ tx, teamId, viewer });
  assertTeamCaptain(membership);
  return team;
}

export async function searchTeams({
  db,
  region,
  q,
  cursor,
}: {
  db: DbOrTx;
  region?: Region;
  q?: string;
  cursor?: string;
}): Promise<{ rows: TeamSummary[]; nextCursor: string | null }> {
  const filters = { region: region ?? null, q: q || null };
  const after = cursor ? decodeSearchCursor(cursor, filters) : null;
  const rows = await repo.searchTeams({ db, ...filters, after, limit: TEAM_SEARCH_PAGE_SIZE + 1 });
  const page = rows.slice(0, TEAM_SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map(toTeamSummary),
    nextCursor: rows.length > TEAM_SEARCH_PAGE_SIZE && last ? encodeSearchCursor(filters, last) : null,
  };
}

export async function listUserTeams({ db, userId }: { db: DbOrTx; userId: string }) {
  const rows = await repo.findUserTeams({ db, userId });
  if (!rows) throw notFound('User not found', 'USER_NOT_FOUND');
  return { teams: rows.map(toTeamSummary) };
}
