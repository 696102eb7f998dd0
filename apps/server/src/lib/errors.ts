import { MESSAGES, type ErrorCode } from '@scrim-gym/shared';

/** An error the API answers with its own status, text and machine code (docs/contract.md). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** One of the contract's ERROR_CODES (packages/shared/src/error-codes.ts). */
    readonly code: ErrorCode,
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

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', extra?: Record<string, unknown>) =>
  new AppError(400, code, message, extra);
export const unauthorized = (message: string, code: ErrorCode = 'UNAUTHORIZED') => new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message: string, code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', extra?: Record<string, unknown>) =>
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

/** 503 while the database cannot be reached: the catalogue's "problem connecting to the server" text. */
export const databaseUnavailable = () => new AppError(503, 'DATABASE_UNAVAILABLE', MESSAGES.serverErrorText);

/** Node's network failures on the way to the database (refused, reset, unreachable, timed out). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a database that is not there: class 08 (connection exception), shutting down, starting up, full. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** node-postgres' own messages for a lost or timed-out connection (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * Whether `error` means the database is unreachable right now (rather than a bug or bad data), from either
 * driver, through Drizzle's wrapping (`cause`) and Node's AggregateError (one attempt per address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
