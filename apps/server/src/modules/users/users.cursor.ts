import { badRequest } from '../../lib/errors.js';
import type { ListCursor } from './users.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keyset cursors for the profile lists: the (gameStartTime, id) of the last row, base64url JSON. Unlike an
 * offset, a page boundary does not shift when a scrim is added while someone scrolls.
 */
export function encodeCursor(row: { gameStartTime: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.gameStartTime.toISOString(), row.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): ListCursor | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (typeof at === 'string' && typeof id === 'string' && UUID.test(id) && !Number.isNaN(Date.parse(at))) {
        return { at: new Date(at).toISOString(), id };
      }
    }
  } catch {
    // fall through: not base64 JSON
  }
  throw badRequest('Invalid cursor', 'BAD_CURSOR');
}
