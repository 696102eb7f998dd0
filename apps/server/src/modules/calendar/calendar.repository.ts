import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { SeriesLineupRole } from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  bans,
  calendarFeeds,
  scrimParticipants,
  scrimSignups,
  scrimWaitlist,
  scrims,
  seriesGames,
  seriesLineups,
  seriesTeams,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.js';

/**
 * The only columns of a scrim a calendar prints. The lobby name, password and tournament code are not read at
 * all, so no calendar can ever carry them.
 */
const calendarColumns = {
  id: scrims.id,
  title: scrims.title,
  region: scrims.region,
  gameStartTime: scrims.gameStartTime,
  checkInEnabled: scrims.checkInEnabled,
  cancelledAt: scrims.cancelledAt,
  cancelReason: scrims.cancelReason,
  abandonedAt: scrims.abandonedAt,
  createdAt: scrims.createdAt,
  updatedAt: scrims.updatedAt,
};

export interface CalendarScrimRow {
  id: string;
  title: string;
  region: string;
  gameStartTime: Date;
  checkInEnabled: boolean;
  cancelledAt: Date | null;
  cancelReason: string | null;
  abandonedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A scrim of the feed with the owner's place in it (the left-joined columns are null where they have none). */
export interface FeedScrimRow extends CalendarScrimRow {
  participantKind: 'player' | 'caster' | null;
  team: 'teamOne' | 'teamTwo' | null;
  role: string | null;
  signedUp: string | null;
  waitlisted: string | null;
  hostedBy: string | null;
}

export async function findCalendarScrim({ db, id }: { db: DbOrTx; id: string }): Promise<CalendarScrimRow | null> {
  const [row] = await db.select(calendarColumns).from(scrims).where(eq(scrims.id, id));
  return row ?? null;
}

/**
 * The scrims `userId` is in (player, caster, signed up, waitlisted, their community host, or a game of a team series
 * they are in a lineup of or captain a team of) starting at `since` or later, soonest first, at most `limit`. Each
 * branch is found through its user index, then joined back for the user's place in the scrim.
 */
export function findFeedScrims({
  db,
  userId,
  since,
  limit,
}: {
  db: DbOrTx;
  userId: string;
  since: Date;
  limit: number;
}): Promise<FeedScrimRow[]> {
  const asPlayerOrCaster = db
    .select({ id: scrimParticipants.scrimId })
    .from(scrimParticipants)
    .where(eq(scrimParticipants.userId, userId));
  const signedUp = db.select({ id: scrimSignups.scrimId }).from(scrimSignups).where(eq(scrimSignups.userId, userId));
  const waiting = db.select({ id: scrimWaitlist.scrimId }).from(scrimWaitlist).where(eq(scrimWaitlist.userId, userId));
  const inLineup = db
    .select({ id: seriesGames.scrimId })
    .from(seriesLineups)
    .innerJoin(seriesGames, eq(seriesGames.seriesId, seriesLineups.seriesId))
    .where(eq(seriesLineups.userId, userId));
  const asCaptain = db
    .select({ id: seriesGames.scrimId })
    .from(teamMembers)
    .innerJoin(seriesTeams, eq(seriesTeams.teamId, teamMembers.teamId))
    .innerJoin(seriesGames, eq(seriesGames.seriesId, seriesTeams.seriesId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.isCaptain, true)));
  return db
    .select({
      ...calendarColumns,
      participantKind: scrimParticipants.kind,
      team: scrimParticipants.team,
      role: scrimParticipants.role,
      signedUp: scrimSignups.userId,
      waitlisted: scrimWaitlist.userId,
      hostedBy: scrims.hostedBy,
    })
    .from(scrims)
    .leftJoin(scrimParticipants, and(eq(scrimParticipants.scrimId, scrims.id), eq(scrimParticipants.userId, userId)))
    .leftJoin(scrimSignups, and(eq(scrimSignups.scrimId, scrims.id), eq(scrimSignups.userId, userId)))
    .leftJoin(scrimWaitlist, and(eq(scrimWaitlist.scrimId, scrims.id), eq(scrimWaitlist.userId, userId)))
    .where(
      and(
        gte(scrims.gameStartTime, since),
        or(
          inArray(scrims.id, asPlayerOrCaster),
          inArray(scrims.id, signedUp),
          inArray(scrims.id, waiting),
          eq(scrims.hostedBy, userId),
          inArray(scrims.id, inLineup),
          inArray(scrims.id, asCaptain),
        ),
      ),
    )
    .orderBy(asc(scrims.gameStartTime), asc(scrims.id))
    .limit(limit);
}

/** The feed owner's place in a series game: its series, and the team they play for (`role`) or captain (null). */
export interface SeriesPlace {
  seriesId: string;
  team: string;
  role: SeriesLineupRole | null;
}

/**
 * `userId`'s place in each series game among `scrimIds` (scrim id → place): a lineup's role before a captaincy, as a
 * member of both teams plays for one.
 */
export async function findSeriesPlaces({
  db,
  userId,
  scrimIds,
}: {
  db: DbOrTx;
  userId: string;
  scrimIds: string[];
}): Promise<Map<string, SeriesPlace>> {
  if (scrimIds.length === 0) return new Map();
  const rows = await db
    .select({
      scrimId: seriesGames.scrimId,
      seriesId: seriesGames.seriesId,
      team: teams.name,
      role: seriesLineups.role,
      captain: teamMembers.userId,
    })
    .from(seriesGames)
    .innerJoin(seriesTeams, eq(seriesTeams.seriesId, seriesGames.seriesId))
    .innerJoin(teams, eq(teams.id, seriesTeams.teamId))
    .leftJoin(
      seriesLineups,
      and(
        eq(seriesLineups.seriesId, seriesGames.seriesId),
        eq(seriesLineups.teamId, seriesTeams.teamId),
        eq(seriesLineups.userId, userId),
      ),
    )
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.teamId, seriesTeams.teamId), eq(teamMembers.userId, userId), eq(teamMembers.isCaptain, true)),
    )
    .where(inArray(seriesGames.scrimId, scrimIds));
  const places = new Map<string, SeriesPlace>();
  for (const row of rows) {
    if (row.role === null && row.captain === null) continue;
    if (places.get(row.scrimId)?.role) continue;
    const role = row.role === 'Coach' ? null : row.role;
    places.set(row.scrimId, { seriesId: row.seriesId, team: row.team, role });
  }
  return places;
}

export async function findFeedSecret({ db, userId }: { db: DbOrTx; userId: string }) {
  const [row] = await db
    .select({ secret: calendarFeeds.secret })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.secret ?? null;
}

/** Stores `secret` as the user's feed unless they have one already; returns the one stored (two first calls agree). */
export async function insertFeedOnce({ db, userId, secret }: { db: DbOrTx; userId: string; secret: string }) {
  await db.insert(calendarFeeds).values({ userId, secret }).onConflictDoNothing({ target: calendarFeeds.userId });
  return (await findFeedSecret({ db, userId }))!;
}

/** Replaces the user's feed secret (or makes their first one): the old one no longer finds anybody. */
export async function replaceFeedSecret({ db, userId, secret }: { db: DbOrTx; userId: string; secret: string }) {
  await db
    .insert(calendarFeeds)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secret, createdAt: sql`now()` } });
}

export async function deleteFeed({ db, userId }: { db: DbOrTx; userId: string }) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The live (not deleted) owner of a feed secret, by its unique index; null for an unknown or rotated secret. */
export async function findFeedOwner({ db, secret }: { db: DbOrTx; secret: string }) {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.secret, secret), isNull(users.deletedAt)));
  return row?.userId ?? null;
}

/** The user's ban in force now, if any (the latest ending). */
export async function findBanInForce({ db, userId }: { db: DbOrTx; userId: string }) {
  const [ban] = await db
    .select()
    .from(bans)
    .where(
      and(
        eq(bans.userId, userId),
        eq(bans.isActive, true),
        lte(bans.dateFrom, sql`now()`),
        gt(bans.dateTo, sql`now()`),
      ),
    )
    .orderBy(desc(bans.dateTo))
    .limit(1);
  return ban ?? null;
}
