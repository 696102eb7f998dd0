import { randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PAST_DAYS,
  CALENDAR_MESSAGES,
  SCRIM_MESSAGES,
} from '@scrim-gym/shared';
import type { Database, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { bannedError } from '../auth/index.js';
import { calendarFileName, involvementOf, renderCalendar, scrimEvent } from './calendar.presenter.js';
import {
  deleteFeed,
  findBanInForce,
  findCalendarScrim,
  findFeedOwner,
  findFeedScrims,
  findFeedSecret,
  findSeriesPlaces,
  insertFeedOnce,
  replaceFeedSecret,
} from './calendar.repository.js';

const DAY = 24 * 60 * 60 * 1000;

/** A feed secret: 192 random bits, base64url (32 characters); the URL is the only credential of the feed. */
const newSecret = () => randomBytes(24).toString('base64url');

/** The address calendar apps subscribe to. `origin` is PUBLIC_URL, or the request's own origin without it. */
export const feedUrl = (origin: string, secret: string) => `${origin}/api/calendar/${secret}.ics`;

/** GET /api/calendar: the user's feed address, its secret made on first use. */
export async function getFeedUrl({ db, userId, origin }: { db: Database; userId: string; origin: string }) {
  const secret = (await findFeedSecret({ db, userId })) ?? (await insertFeedOnce({ db, userId, secret: newSecret() }));
  return { url: feedUrl(origin, secret) };
}

/** POST /api/calendar/rotate: a new secret; the old address answers 404 from now on. */
export async function rotateFeed({ db, userId, origin }: { db: Database; userId: string; origin: string }) {
  const secret = newSecret();
  await replaceFeedSecret({ db, userId, secret });
  return { url: feedUrl(origin, secret) };
}

/** Inside the account deletion's transaction: the feed goes with the account. */
export async function removeCalendarFeed({ db, userId }: { db: DbOrTx; userId: string }) {
  await deleteFeed({ db, userId });
}

/** GET /api/scrims/:id/calendar.ics: one scrim as an .ics file (whoever may read the scrim may download it). */
export async function scrimCalendar({ db, scrimId, origin }: { db: Database; scrimId: string; origin: string }) {
  const scrim = await findCalendarScrim({ db, id: scrimId });
  if (!scrim) throw notFound(SCRIM_MESSAGES.notFound, 'SCRIM_NOT_FOUND');
  return { fileName: calendarFileName(scrim.title), body: renderCalendar([scrimEvent(scrim, { origin })]) };
}

/**
 * GET /api/calendar/:secret.ics: every scrim the secret's owner is in (a series game: as a lineup's player or a
 * captain of one of its teams, with the series' page), from CALENDAR_FEED_PAST_DAYS ago on (at most
 * CALENDAR_FEED_MAX_EVENTS, the soonest). An unknown or rotated secret is a 404; a banned owner's feed is refused
 * like every other read of theirs.
 */
export async function userFeed({ db, secret, origin }: { db: Database; secret: string; origin: string }) {
  const userId = await findFeedOwner({ db, secret });
  if (!userId) throw notFound(CALENDAR_MESSAGES.feedNotFound, 'CALENDAR_NOT_FOUND');
  const ban = await findBanInForce({ db, userId });
  if (ban) throw bannedError(ban);
  const rows = await findFeedScrims({
    db,
    userId,
    since: new Date(Date.now() - CALENDAR_FEED_PAST_DAYS * DAY),
    limit: CALENDAR_FEED_MAX_EVENTS,
  });
  const places = await findSeriesPlaces({ db, userId, scrimIds: rows.map((row) => row.id) });
  return renderCalendar(
    rows.map((row) => {
      const place = places.get(row.id);
      return place
        ? scrimEvent(row, { origin, involvement: { kind: 'series', team: place.team, role: place.role }, place })
        : scrimEvent(row, { origin, involvement: involvementOf(row, userId) });
    }),
    { feed: true },
  );
}
