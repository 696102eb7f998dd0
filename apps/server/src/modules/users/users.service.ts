import { editDistance, parseUserQuery, type Region, type UserSearchResult } from '@scrim-gym/shared';
import type { Database } from '../../db/client.js';
import { findUsersMatching } from './users.repository.js';

/** Candidates fetched before ranking by edit distance; enough for any realistic prefix. */
const CANDIDATES = 50;

/**
 * Case-insensitive substring search on name or tagline, 'Name#Tag' split, ranked by edit distance between the
 * name and the query's name part (reference facts). Runs on the server: the browser never gets the user list.
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
    .map(({ row }) => ({
      _id: row.id,
      name: row.name,
      summonerTagline: row.summonerTagline,
      region: row.region,
      rank: row.rank,
    }));
}
