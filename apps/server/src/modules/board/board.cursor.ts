import { BOARD_MESSAGES, isStorableDate, type Region, type SeriesFormat } from '@scrim-gym/shared';
import { badRequest } from '../../lib/errors.js';
import { decodeCursor, encodeCursor, UUID_PATTERN } from '../../lib/keyset-cursor.js';
import type { BoardPosition } from './board.repository.js';

/** The filters a page was asked with, as the query gave them: a cursor serves only the same ones. */
export interface BoardQueryKey {
  region: Region | null;
  from: string | null;
  to: string | null;
  format: SeriesFormat | null;
  rankMin: string | null;
  rankMax: string | null;
  fitsTeamId: string | null;
}

/** Where the next page starts: among the viewer's own teams' posts (shown first) or the others', after a post. */
export interface BoardCursor extends BoardPosition {
  mine: boolean;
}

const KEYS = ['region', 'from', 'to', 'format', 'rankMin', 'rankMax', 'fitsTeamId'] as const;
const isNullableString = (value: unknown) => value === null || typeof value === 'string';

/** Keyset cursors of the board, `[region, from, to, format, rankMin, rankMax, fitsTeamId, mine, startsAt, id]`. */
export function encodeBoardCursor(key: BoardQueryKey, { mine, startsAt, id }: BoardCursor): string {
  return encodeCursor([...KEYS.map((name) => key[name]), mine, startsAt.toISOString(), id]);
}

/** The position a cursor names, when it was made for exactly these filters; else 400 BAD_CURSOR. */
export function decodeBoardCursor(cursor: string, key: BoardQueryKey): BoardCursor {
  const values = decodeCursor(cursor, KEYS.length + 3);
  if (values) {
    const [mine, startsAt, id] = values.slice(KEYS.length);
    if (
      // The filters were validated with the request: the cursor's must be the very same values.
      KEYS.every((name, i) => isNullableString(values[i]) && values[i] === key[name]) &&
      typeof mine === 'boolean' &&
      typeof startsAt === 'string' &&
      isStorableDate(startsAt) &&
      typeof id === 'string' &&
      UUID_PATTERN.test(id)
    ) {
      return { mine, startsAt: new Date(startsAt), id };
    }
  }
  throw badRequest(BOARD_MESSAGES.badCursor, 'BAD_CURSOR');
}
