import type { UserSummaryRow } from '../lib/user-summary.js';
import { countedRankSql, users } from './schema/index.js';

export type { UserSummaryRow };

/**
 * The user columns a card or a list row shows (friends, requests, notifications, conversations, search results,
 * scrim slots, the admin's newest users): select them with `userSummaryColumns()` (or of an alias of `users`)
 * and present the row with `toUserSummary` (`lib/user-summary.ts`).
 */
export const userSummaryColumns = (table: typeof users = users) =>
  ({
    id: table.id,
    name: table.name,
    summonerTagline: table.summonerTagline,
    region: table.region,
    rank: countedRankSql(table),
  }) satisfies Record<keyof UserSummaryRow, unknown>;
