import { LEADERBOARD_MESSAGES, REGIONS, type Region } from '@scrim-gym/shared';
import { badRequest } from '../../lib/errors.js';
import type { Board, BoardPosition } from './leaderboard.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INT32_MAX = 2_147_483_647;
const isInt = (value: unknown, min: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= INT32_MAX;

/** A leaderboard cursor: the board it was made on and the position of the last row served. */
export interface BoardCursor extends Omit<Board, 'verifiedOnly'>, BoardPosition {}

/**
 * Keyset cursors of the leaderboard, base64url JSON `[seasonId, region, rating, userId]`. Opaque to clients and
 * checked strictly: a cursor that does not decode to exactly that, or names another board than the request's,
 * is a 400 (never a 500, never another board's page). It carries no rank: each page's ranks are counted from the
 * position, so an edited cursor can only start the board at a position anyone may read anyway.
 */
export function encodeBoardCursor({ seasonId, region, rating, userId }: BoardCursor): string {
  return Buffer.from(JSON.stringify([seasonId, region, rating, userId])).toString('base64url');
}

export function decodeBoardCursor(cursor: string): BoardCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 4) {
      const [seasonId, region, rating, userId] = value as unknown[];
      if (
        isInt(seasonId, 1) &&
        (region === null || REGIONS.includes(region as Region)) &&
        isInt(rating, -INT32_MAX) &&
        typeof userId === 'string' &&
        UUID.test(userId)
      ) {
        return { seasonId, region: region as Region | null, rating, userId };
      }
    }
  } catch {
    // fall through: not base64url JSON
  }
  throw badCursor();
}

export const badCursor = () => badRequest(LEADERBOARD_MESSAGES.badCursor, 'BAD_CURSOR');
