/**
 * The registrations chart's month ranges: presets of 3, 6 (default) and 12 months
 * ending with the current month, or a custom From / To range of months ('YYYY-MM', the value of a month input),
 * active once both are set. Every month of the range is listed, with zero for months without registrations.
 */
export const MONTH_PRESETS = [3, 6, 12] as const;
export type MonthPreset = (typeof MONTH_PRESETS)[number];
export const DEFAULT_PRESET: MonthPreset = 6;

export interface MonthRange {
  preset: MonthPreset;
  /** 'YYYY-MM' or '' */
  from: string;
  to: string;
}
export const DEFAULT_RANGE: MonthRange = { preset: DEFAULT_PRESET, from: '', to: '' };

export interface MonthCount {
  year: number;
  /** 1..12 */
  month: number;
  count: number;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const monthValue = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const parseMonth = (value: string) => {
  const [year, month] = value.split('-').map(Number);
  return { year: year!, month: month! };
};
/** Months since year 0: ranges are walked with plain integers. */
const ordinal = ({ year, month }: { year: number; month: number }) => year * 12 + (month - 1);
const fromOrdinal = (n: number) => ({ year: Math.floor(n / 12), month: (n % 12) + 1 });

/** A custom range is active when From and To are both set. */
export const isCustom = (range: MonthRange) => Boolean(range.from && range.to);

/**
 * What the From and To pickers show: the custom range, or the first and last months of the preset. A month input
 * with no value shows "--------- ----" in Chromium, so the pickers always hold a month.
 */
export function shownMonths(range: MonthRange, now = new Date()): { from: string; to: string } {
  if (isCustom(range)) return { from: range.from, to: range.to };
  const months = monthsOf(range, now);
  const first = months[0]!;
  const last = months.at(-1)!;
  return { from: monthValue(first.year, first.month), to: monthValue(last.year, last.month) };
}

/**
 * Picking From: the range becomes custom, from it to the shown To (or to From itself when From is later, so To is
 * never before From). Emptying the field goes back to the preset.
 */
export function pickFrom(range: MonthRange, from: string, now = new Date()): MonthRange {
  if (!from) return withPreset(range.preset);
  const { to } = shownMonths(range, now);
  return { ...range, from, to: to < from ? from : to };
}

/** Picking To: custom from the shown From; a To before From is refused. Emptying it goes back to the preset. */
export function pickTo(range: MonthRange, to: string, now = new Date()): MonthRange {
  if (!to) return withPreset(range.preset);
  const { from } = shownMonths(range, now);
  if (to < from) return range;
  return { ...range, from, to };
}

/** A preset button: the custom range goes. */
export const withPreset = (preset: MonthPreset): MonthRange => ({ preset, from: '', to: '' });

/** The months the chart lists, oldest first. */
export function monthsOf(range: MonthRange, now = new Date()): { year: number; month: number }[] {
  let first: number;
  let last: number;
  if (isCustom(range)) {
    first = ordinal(parseMonth(range.from));
    last = ordinal(parseMonth(range.to));
  } else {
    last = ordinal({ year: now.getFullYear(), month: now.getMonth() + 1 });
    first = last - range.preset + 1;
  }
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => fromOrdinal(first + i));
}

/** The chart's points: every month of the range with its count (zero when missing), labelled 'Jan 2025'. */
export function registrationPoints(growth: readonly MonthCount[], range: MonthRange, now = new Date()) {
  const counts = new Map(growth.map((g) => [ordinal(g), g.count]));
  return monthsOf(range, now).map((m) => ({
    key: monthValue(m.year, m.month),
    label: `${SHORT_MONTHS[m.month - 1]} ${m.year}`,
    count: counts.get(ordinal(m)) ?? 0,
  }));
}
