import ical, { ICalAlarmType, ICalEventStatus, type ICalEventData } from 'ical-generator';
import {
  CALENDAR_ALARM_MINUTES,
  CALENDAR_EVENT_MINUTES,
  CALENDAR_MESSAGES,
  CHECK_IN_OPENS_MINUTES,
  LAST_STORABLE_TIME,
  type CalendarInvolvement,
  type Role,
} from '@scrim-gym/shared';
import type { CalendarScrimRow, FeedScrimRow, SeriesPlace } from './calendar.repository.js';

const MINUTE = 60_000;

/** The same UID in the one-scrim download and in the feed: a calendar that has both updates one event. */
export const scrimEventUid = (scrimId: string) => `${scrimId}@scrimgym`;

/** The scrim's page in the web app. */
export const scrimPageUrl = (origin: string, scrimId: string) => `${origin}/scrims/${scrimId}`;

/** A team series' page in the web app. */
export const seriesPageUrl = (origin: string, seriesId: string) => `${origin}/series/${seriesId}`;

/** When the scrim last changed in a way a calendar shows: an edit, a cancellation, the abandon. */
function lastChange(scrim: CalendarScrimRow): Date {
  const times = [scrim.updatedAt, scrim.cancelledAt, scrim.abandonedAt].filter((t): t is Date => t !== null);
  return new Date(Math.max(...times.map((t) => t.getTime())));
}

/**
 * One scrim as a calendar event. Times are instants (Date objects), so ical-generator writes them in UTC
 * (`DTSTART:…Z`): correct in every time zone without a VTIMEZONE. A series game (`place`) links its series too. SEQUENCE counts the seconds from the scrim's
 * creation to its last change, so it grows with every edit and calendars replace their copy.
 */
export function scrimEvent(
  scrim: CalendarScrimRow,
  { origin, involvement, place }: { origin: string; involvement?: CalendarInvolvement; place?: SeriesPlace },
): ICalEventData {
  const url = scrimPageUrl(origin, scrim.id);
  const start = scrim.gameStartTime;
  const end = new Date(Math.min(start.getTime() + CALENDAR_EVENT_MINUTES * MINUTE, LAST_STORABLE_TIME));
  const modified = lastChange(scrim);
  const called = scrim.cancelledAt !== null || scrim.abandonedAt !== null;
  const summary = scrim.cancelledAt
    ? CALENDAR_MESSAGES.cancelledSummary(scrim.title)
    : scrim.abandonedAt
      ? CALENDAR_MESSAGES.abandonedSummary(scrim.title)
      : involvement?.kind === 'waitlisted'
        ? CALENDAR_MESSAGES.waitlistedSummary(scrim.title)
        : scrim.title;
  const description = [
    CALENDAR_MESSAGES.scrimIn(scrim.region),
    involvement && CALENDAR_MESSAGES.involvement(involvement),
    scrim.cancelledAt &&
      (scrim.cancelReason ? CALENDAR_MESSAGES.cancelledBecause(scrim.cancelReason) : CALENDAR_MESSAGES.cancelled),
    !scrim.cancelledAt && scrim.abandonedAt && CALENDAR_MESSAGES.abandoned,
    !called && scrim.checkInEnabled && CALENDAR_MESSAGES.checkIn,
    CALENDAR_MESSAGES.link(url),
    place && CALENDAR_MESSAGES.seriesLink(seriesPageUrl(origin, place.seriesId)),
  ].filter(Boolean);
  return {
    id: scrimEventUid(scrim.id),
    start,
    end,
    summary,
    description: description.join('\n'),
    location: CALENDAR_MESSAGES.location(scrim.region),
    url,
    created: scrim.createdAt,
    lastModified: modified,
    sequence: Math.max(0, Math.floor((modified.getTime() - scrim.createdAt.getTime()) / 1000)),
    status: called
      ? ICalEventStatus.CANCELLED
      : involvement?.kind === 'waitlisted'
        ? ICalEventStatus.TENTATIVE
        : ICalEventStatus.CONFIRMED,
    // A scrim that will not happen reminds nobody.
    alarms: called
      ? []
      : CALENDAR_ALARM_MINUTES.map((minutes) => ({
          type: ICalAlarmType.display,
          triggerBefore: minutes * 60,
          description:
            minutes === CHECK_IN_OPENS_MINUTES && scrim.checkInEnabled
              ? CALENDAR_MESSAGES.checkInOpensAlarm(scrim.title)
              : CALENDAR_MESSAGES.startsInAlarm(scrim.title, minutes),
        })),
  };
}

/** An iCalendar file (RFC 5545) of these events; `feed` adds the subscription's name and refresh hint. */
export function renderCalendar(events: ICalEventData[], { feed = false }: { feed?: boolean } = {}): string {
  const calendar = ical({
    prodId: { company: 'Scrim Gym', product: 'Scrim Gym', language: 'EN' },
    ...(feed && {
      name: CALENDAR_MESSAGES.calendarName,
      description: CALENDAR_MESSAGES.calendarDescription,
      // REFRESH-INTERVAL / X-PUBLISHED-TTL: how often subscribed clients that honour it fetch again.
      ttl: 30 * 60,
    }),
  });
  for (const event of events) calendar.createEvent(event);
  return calendar.toString();
}

/** A file name made of the title's letters and digits only (no quotes, slashes or control characters). */
export function calendarFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'scrim'}.ics`;
}

/** The feed owner's place in a scrim, the strongest first: a slot, casting, a sign-up, the waitlist, hosting. */
export function involvementOf(row: FeedScrimRow, userId: string): CalendarInvolvement | undefined {
  if (row.participantKind === 'player' && row.team && row.role)
    return { kind: 'player', team: row.team, role: row.role as Role };
  if (row.participantKind === 'caster') return { kind: 'caster' };
  if (row.signedUp) return { kind: 'signedUp' };
  if (row.waitlisted) return { kind: 'waitlisted' };
  if (row.hostedBy === userId) return { kind: 'host' };
  return undefined;
}
