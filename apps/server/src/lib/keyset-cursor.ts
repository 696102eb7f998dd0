/** Ids in cursors are UUIDs: anything else names no row and is refused before it reaches a query. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A keyset cursor: the JSON array of `values` (filters and the last row's position), base64url. Opaque to clients. */
export const encodeCursor = (values: readonly unknown[]): string =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

/**
 * The values of a cursor made by `encodeCursor`, when it decodes to a JSON array of exactly `length` items; else
 * null, for the caller's 400 (a cursor is checked strictly: never a 500, never another list's page).
 */
export function decodeCursor(cursor: string, length: number): unknown[] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(value) && value.length === length ? (value as unknown[]) : null;
  } catch {
    return null;
  }
}
