import { formatListDate } from '../../../lib/datetime';
import type { BanHistoryEntry } from '@scrim-gym/shared';

/** The ban table's limits: reasons cut at 32 characters; pages of 10 on desktop, 3 on phones, and their options. */
export const REASON_MAX = 32;
export const PAGE_SIZES = { desktop: [10, 20, 30, 40, 50, 100], mobile: [3, 5, 10, 15, 20, 25, 30] } as const;
export const DEFAULT_PAGE_SIZE = { desktop: 10, mobile: 3 } as const;

/** MM/DD/YYYY, in the admin's time zone (the date format for bans). */
export const formatBanDate = (iso: string) => formatListDate(iso, {}, false);

/** Reasons longer than 32 characters are cut, with an ellipsis; the full text is the cell's title. */
export const truncateReason = (reason: string) =>
  reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX)}…` : reason;

/** 'Active' while the ban is in force; a lifted ban and one expired without being lifted are 'Inactive/Expired'. */
export const isBanActive = (ban: Pick<BanHistoryEntry, 'status'>) => ban.status === 'active';

export type StatusFilter = 'all' | 'active' | 'expired';
export type DateColumn = 'dateFrom' | 'dateTo';
export interface BanFilters {
  /** A summoner name (exact, from the autocomplete) or '' for everyone. */
  name: string;
  /** MM/DD/YYYY or '' for all dates. */
  dateFrom: string;
  dateTo: string;
  status: StatusFilter;
}
export const NO_FILTERS: BanFilters = { name: '', dateFrom: '', dateTo: '', status: 'all' };

export function filterBans(bans: readonly BanHistoryEntry[], filters: BanFilters): BanHistoryEntry[] {
  return bans.filter(
    (ban) =>
      (!filters.name || ban._user.name === filters.name) &&
      (!filters.dateFrom || formatBanDate(ban.dateFrom) === filters.dateFrom) &&
      (!filters.dateTo || formatBanDate(ban.dateTo) === filters.dateTo) &&
      (filters.status === 'all' || (filters.status === 'active') === isBanActive(ban)),
  );
}

/** The date dropdown's options: each distinct date of the column once, newest first. */
export function distinctDates(bans: readonly BanHistoryEntry[], column: DateColumn): string[] {
  const newestFirst = [...bans].sort((a, b) => b[column].localeCompare(a[column]));
  return [...new Set(newestFirst.map((ban) => formatBanDate(ban[column])))];
}

/** The names for the autocomplete, each once, alphabetically. */
export const distinctNames = (bans: readonly BanHistoryEntry[]) =>
  [...new Set(bans.map((ban) => ban._user.name))].sort((a, b) => a.localeCompare(b));

export type SortColumn = 'createdAt' | 'name' | 'dateFrom' | 'dateTo' | 'status';
export interface BanSort {
  by: SortColumn;
  direction: 'asc' | 'desc';
}
/** Rows are sorted newest first (the server's order) until a column header is clicked: a new ban is on page one. */
export const DEFAULT_SORT: BanSort = { by: 'createdAt', direction: 'desc' };

const sortKey = (ban: BanHistoryEntry, by: SortColumn): string =>
  by === 'name' ? ban._user.name.toLowerCase() : by === 'status' ? String(isBanActive(ban)) : ban[by];

export function sortBans(bans: readonly BanHistoryEntry[], { by, direction }: BanSort): BanHistoryEntry[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...bans].sort(
    (a, b) => sign * sortKey(a, by).localeCompare(sortKey(b, by)) || a.createdAt.localeCompare(b.createdAt),
  );
}

/** One page of rows; a page past the end (after a filter) shows the last page instead. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { rows: T[]; page: number } {
  const last = Math.max(0, Math.ceil(rows.length / size) - 1);
  const current = Math.min(page, last);
  return { rows: rows.slice(current * size, current * size + size), page: current };
}
