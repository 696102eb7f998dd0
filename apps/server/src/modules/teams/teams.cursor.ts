import { REGIONS, TEAM_MESSAGES, type Region } from '@scrim-gym/shared';
import { badRequest } from '../../lib/errors.js';
import type { SearchPosition } from './teams.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The filters a page of the search was made for: a cursor serves only the same ones. */
export interface SearchFilters {
  region: Region | null;
  q: string | null;
}

/**
 * Keyset cursors of the team search, base64url JSON `[region, q, nameFolded, id]`. Opaque to clients and checked
 * strictly: one that does not decode to exactly that, or names other filters than the request's, is a 400.
 */
export function encodeSearchCursor(filters: SearchFilters, position: SearchPosition): string {
  return Buffer.from(JSON.stringify([filters.region, filters.q, position.nameFolded, position.id])).toString(
    'base64url',
  );
}

export function decodeSearchCursor(cursor: string, filters: SearchFilters): SearchPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 4) {
      const [region, q, nameFolded, id] = value as unknown[];
      if (
        (region === null || REGIONS.includes(region as Region)) &&
        region === filters.region &&
        q === filters.q &&
        typeof nameFolded === 'string' &&
        // PostgreSQL text holds no NUL: such a cursor is no team's position.
        !nameFolded.includes('\u0000') &&
        typeof id === 'string' &&
        UUID.test(id)
      ) {
        return { nameFolded, id };
      }
    }
  } catch {
    // fall through: not base64url JSON
  }
  throw badRequest(TEAM_MESSAGES.badCursor, 'BAD_CURSOR');
}
