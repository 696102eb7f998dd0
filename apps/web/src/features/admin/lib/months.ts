/**
 * The registrations chart's month ranges (spec 2, Admin dashboard): presets of 3, 6 (default) and 12 months
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

/** Picking From after the current To clears To: To is never before From. */
export function withFrom(range: MonthRange, from: string): MonthRange {
  return { ...range, from, to: range.to && from && range.to < from ? '' : range.to };
}

/** A To before From is refused (the picker's minimum is From); an empty To clears it. */
export function withTo(range: MonthRange, to: string): MonthRange {
  if (to && range.from && to < range.from) return range;
  return { ...range, to };
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
