/** The activity chart's presets in months (6 by default). */
export const ACTIVITY_PRESETS = { '3M': 3, '6M': 6, '1Y': 12 } as const;
export type ActivityPreset = keyof typeof ACTIVITY_PRESETS;
export const DEFAULT_ACTIVITY_PRESET: ActivityPreset = '6M';

/** A custom range may span at most five years of days. */
export const ACTIVITY_MAX_DAYS = 5 * 366;

export type ActivityBucket = 'day' | 'week' | 'month';

/** A calendar date 'YYYY-MM-DD' → UTC midnight of that date, for day arithmetic without time zones. */
const utcDay = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today's calendar date in `timeZone` ('YYYY-MM-DD'). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const isTimeZone = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
};

/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) => Math.round((utcDay(to) - utcDay(from)) / 86_400_000) + 1;

/** The last N months up to and including `today`: 6M on 2026-11-22 is 2026-05-23 … 2026-11-22. */
export function presetRange(preset: ActivityPreset, today: string): { from: string; to: string } {
  const [year, month, day] = [+today.slice(0, 4), +today.slice(5, 7) - 1, +today.slice(8, 10)];
  const monthsBack = ACTIVITY_PRESETS[preset];
  // The same day N months back (clamped to the month's last day, as 31 Aug − 6 months is 28/29 Feb), plus one.
  const lastDay = new Date(Date.UTC(year, month - monthsBack + 1, 0)).getUTCDate();
  const start = Date.UTC(year, month - monthsBack, Math.min(day, lastDay)) + 86_400_000;
  return { from: isoDay(start), to: today };
}

/** Points the chart can read: days up to two months, weeks up to ~6.5 months, months beyond. */
export function activityBucket(from: string, to: string): ActivityBucket {
  const days = daysInRange(from, to);
  if (days <= 62) return 'day';
  if (days <= 200) return 'week';
  return 'month';
}
