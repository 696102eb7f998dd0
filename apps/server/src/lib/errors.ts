/** An error the API answers with its own status, text and machine code (DESIGN.md 3). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra fields for the body, e.g. the current `scrim` on a failed scrim action. */
    readonly extra: Record<string, unknown> = {},
    /** The underlying fault, for the log only; never sent to the client. */
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', extra?: Record<string, unknown>) =>
  new AppError(400, code, message, extra);
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', extra?: Record<string, unknown>) =>
  new AppError(409, code, message, extra);

/** PostgreSQL's unique_violation, with the constraint that fired, from either driver. */
export function uniqueViolation(error: unknown): string | null {
  const e = findPgError(error);
  return e?.code === '23505' ? (e.constraint ?? e.constraint_name ?? 'unknown') : null;
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
  constraint_name?: string;
}

function findPgError(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  // Drizzle wraps driver errors in `cause`.
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as PgErrorLike & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}
