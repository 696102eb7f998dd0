import type { z } from 'zod';
import {
  ADMIN_MESSAGES,
  PROFILE_MESSAGES,
  activityBucket,
  computeStats,
  editDistance,
  parseUserQuery,
  presetRange,
  todayIn,
  type ActivityResponse,
  type ParticipatedScrimsResponse,
  type ProfileScrimPage,
  type Region,
  type UserProfile,
  type UserSearchResult,
  type activityQuerySchema,
  type createdScrimsQuerySchema,
  type participatedScrimsQuerySchema,
} from '@scrim-gym/shared';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toUserSummary } from '../../lib/user-summary.js';
import { decodeCursor, encodeCursor } from './users.cursor.js';
import { assertCanSeeCreatedScrims, profileVisibility, type Viewer } from './users.policy.js';
import { presentProfile, presentProfileScrim } from './users.presenter.js';
import {
  activitySeries,
  countResults,
  findCreatedPage,
  findFriendCircle,
  findLatestFlaggedBan,
  findParticipatedPage,
  findUserById,
  findUserByName,
  findUsersMatching,
  userExists,
  type ProfileScrimRow,
  type UserRow,
} from './users.repository.js';

/** Candidates fetched before ranking by edit distance; enough for any realistic prefix. */
const CANDIDATES = 50;

/**
 * Case-insensitive substring search on name or tagline, 'Name#Tag' split, ranked by edit distance between the
 * name and the query's name part. Runs on the server: the browser never gets the user list.
 */
export async function searchUsers({
  db,
  q,
  region,
  limit,
}: {
  db: Database;
  q: string;
  region?: Region;
  limit: number;
}): Promise<UserSearchResult[]> {
  const { name, tag } = parseUserQuery(q);
  if (!name && !tag) return [];
  const rows = await findUsersMatching({ db, name, tag, region, limit: CANDIDATES });
  const needle = name.toLowerCase();
  return rows
    .map((row) => ({ row, distance: editDistance(row.name.toLowerCase(), needle) }))
    .sort((a, b) => a.distance - b.distance || a.row.name.localeCompare(b.row.name))
    .slice(0, limit)
    .map(({ row }) => toUserSummary(row));
}

/* ---- Profiles ---- */

async function profileOf({ db, viewer, user }: { db: Database; viewer: Viewer; user: UserRow }) {
  const [{ friendsCount, isFriend }, ban] = await Promise.all([
    findFriendCircle({ db, userId: user.id, viewerId: viewer.id }),
    viewer.isAdmin ? findLatestFlaggedBan({ db, userId: user.id }) : null,
  ]);
  const visibility = profileVisibility({ viewer, userId: user.id, isFriend });
  return presentProfile({ user, friendsCount, ban, visibility });
}

/** GET /users/:name?region=&tagline= → the profile, or 'User {name} was not found[ in {region}]' (404). */
export async function getProfileByName({
  db,
  viewer,
  name,
  region,
  tagline,
}: {
  db: Database;
  viewer: Viewer;
  name: string;
  region?: Region;
  tagline?: string;
}): Promise<UserProfile> {
  const user = await findUserByName({ db, name, region, tagline });
  if (!user) throw notFound(PROFILE_MESSAGES.userNotFound(name, region), 'USER_NOT_FOUND');
  return profileOf({ db, viewer, user });
}

export async function getProfileById({ db, viewer, id }: { db: Database; viewer: Viewer; id: string }) {
  const user = await findUserById({ db, id });
  // A deleted account has no profile (it stays 'Deleted player' in scrims and chats).
  if (!user || user.deletedAt) throw notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  return profileOf({ db, viewer, user });
}

async function assertUserExists({ db, id }: { db: Database; id: string }) {
  if (!(await userExists({ db, id }))) throw notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
}

interface ListArgs<Query extends z.ZodType> {
  db: Database;
  viewer: Viewer;
  userId: string;
  query: z.infer<Query>;
}

function toPage({ rows, total }: { rows: ProfileScrimRow[]; total: number }, limit: number): ProfileScrimPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    scrims: page.map(presentProfileScrim),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    total,
  };
}

/**
 * GET /users/:id/scrims → {scrims, stats}: one page of the scrims the user played or casted in, and the stats of
 * their whole history (aggregated in SQL, reference-facts formula). Private scrims are listed for the owner and
 * admins only; they count in the stats for everyone, as the stats reveal no scrim.
 */
export async function listParticipatedScrims({
  db,
  viewer,
  userId,
  query,
}: ListArgs<typeof participatedScrimsQuerySchema>): Promise<ParticipatedScrimsResponse> {
  await assertUserExists({ db, id: userId });
  const cursor = decodeCursor(query.cursor);
  const { privateScrims } = profileVisibility({ viewer, userId, isFriend: false });
  const [page, counts] = await Promise.all([
    findParticipatedPage({ db, userId, ...query, cursor, includePrivate: privateScrims }),
    countResults({ db, userId }),
  ]);
  return { ...toPage(page, query.limit), stats: computeStats(counts) };
}

/** GET /users/:id/created-scrims: the owner's or an admin's view, paginated. */
export async function listCreatedScrims({
  db,
  viewer,
  userId,
  query,
}: ListArgs<typeof createdScrimsQuerySchema>): Promise<ProfileScrimPage> {
  assertCanSeeCreatedScrims(viewer, userId);
  await assertUserExists({ db, id: userId });
  const cursor = decodeCursor(query.cursor);
  return toPage(await findCreatedPage({ db, userId, ...query, cursor }), query.limit);
}

/** GET /users/:id/activity: finished games played and casted per bucket of a preset or custom range. */
export async function getActivity({
  db,
  userId,
  query,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  query: z.infer<typeof activityQuerySchema>;
  now?: Date;
}): Promise<ActivityResponse> {
  await assertUserExists({ db, id: userId });
  const { range, tz: timeZone } = query;
  const { from, to } =
    range === 'custom' ? { from: query.from!, to: query.to! } : presetRange(range, todayIn(timeZone, now));
  const bucket = activityBucket(from, to);
  const points = await activitySeries({ db, userId, from, to, timeZone, bucket });
  return { from, to, timeZone, bucket, points };
}
