/**
 * The one place that turns an instant into text. Every shown date goes through here so the whole app speaks the
 * viewer's locale and time zone, and names the zone whenever a time of day is shown.
 * `locale` and `timeZone` default to the browser's; tests pass them to pin a viewer.
 */
export interface Viewer {
  locale?: string;
  timeZone?: string;
}

type Input = string | number | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, { locale, timeZone }: Viewer) {
  const key = JSON.stringify([locale, timeZone, options]);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return f;
}

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };

/** 'Sat 28 Nov, 19:00 CET' (en-GB, Berlin) or 'Sat, Nov 28, 01:00 PM EST' (en-US, New York). */
export const formatWhen = (at: Input, viewer: Viewer = {}) => formatter(WHEN, viewer).format(new Date(at));

/** '19:00 CET': a time of day on a page that already shows the date. */
export const formatTime = (at: Input, viewer: Viewer = {}) => formatter(TIME, viewer).format(new Date(at));

/** The viewer's short zone name at that instant ('CET', 'EDT', 'GMT+2'). */
export const zoneName = (at: Input, viewer: Viewer = {}) =>
  formatter({ timeZoneName: 'short' }, viewer)
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')?.value ?? '';

const pad = (n: string | undefined) => (n ?? '').padStart(2, '0');

/**
 * The spec's fixed formats for notifications, lists and bans (MM/DD/yyyy hh:mm A, MM/DD/YYYY), in the viewer's
 * time zone, built from the same formatter parts so they cannot drift from the other texts.
 */
export function formatListDate(at: Input, viewer: Viewer = {}, withTime = true) {
  const parts = Object.fromEntries(
    formatter(
      { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true },
      { ...viewer, locale: 'en-US' },
    )
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const date = `${pad(parts.month)}/${pad(parts.day)}/${parts.year}`;
  return withTime ? `${date} ${pad(parts.hour)}:${parts.minute} ${parts.dayPeriod?.toUpperCase()}` : date;
}
