/**
 * Days of the hub as 'YYYY-MM-DD' in the browser's time zone. Plain Date arithmetic (no date library), so
 * the eager hub stays small; the Date constructor takes care of daylight-saving days of 23 or 25 hours.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export function toDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const todayKey = () => toDayKey(new Date());

export function isDayKey(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return toDayKey(new Date(y, m - 1, d)) === value;
}

/** The UTC ISO start and end of a local day: the `startDate` and `endDate` of GET /scrims. */
export function dayRange(dayKey: string): { startDate: string; endDate: string } {
  const [y, m, d] = dayKey.split('-').map(Number) as [number, number, number];
  return { startDate: new Date(y, m - 1, d).toISOString(), endDate: new Date(y, m - 1, d + 1).toISOString() };
}

/** Days before today ("past dates" of the hub's date picker). */
export const isPastDay = (dayKey: string, today = todayKey()) => dayKey < today;

/** The day `n` days after (before, when negative) a day. */
export function addDays(dayKey: string, n: number): string {
  const [y, m, d] = dayKey.split('-').map(Number) as [number, number, number];
  return toDayKey(new Date(y, m - 1, d + n));
}

export type HubView = 'day' | 'week';

/** The days a view shows: the day, or the week from it (7 whole local days, within the list's 8-day limit). */
export const daysOfView = (dayKey: string, view: HubView): string[] =>
  Array.from({ length: view === 'week' ? 7 : 1 }, (_, i) => addDays(dayKey, i));

/** The UTC ISO start and end of a view's days: the `startDate` and `endDate` of GET /scrims. */
export function viewRange(dayKey: string, view: HubView): { startDate: string; endDate: string } {
  const days = daysOfView(dayKey, view);
  return { startDate: dayRange(days[0]!).startDate, endDate: dayRange(days.at(-1)!).endDate };
}

/** 'Mon, Nov 30' in the viewer's locale: a week view's day heading. */
export const dayHeading = (dayKey: string) => {
  const [y, m, d] = dayKey.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
};
