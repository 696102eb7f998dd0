import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.js';

/** The `code` of every error body and refused socket acknowledgement: one of ERROR_CODES. */
export const errorCodeSchema = z.enum(ERROR_CODES);

/** The one error body of the API (docs/contract.md). Failed scrim actions also carry the current `scrim`. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  scrim: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

/**
 * Instants PostgreSQL stores and JS prints alike: from 1970 to the end of 9999, UTC. Outside it (year 0, a 9999
 * date with a negative offset that lands in year 10000) the database refused the value and the API answered 500.
 */
export const DATE_RANGE_MESSAGE = 'Dates must be between the years 1970 and 9999';
/** The last storable instant (9999-12-31T23:59:59.999Z): a time computed from a stored one is capped here. */
export const LAST_STORABLE_TIME = Date.UTC(10_000, 0, 1) - 1;
export const isStorableDate = (text: string) => {
  const time = Date.parse(text);
  return time >= 0 && time <= LAST_STORABLE_TIME;
};
/** An ISO date-time with an offset, within the storable range. */
export const isoDateTime = (error?: string) =>
  z.iso
    .datetime({ offset: true, ...(error && { error }) })
    .refine(isStorableDate, { error: DATE_RANGE_MESSAGE, abort: true });
export const isoDateTimeSchema = isoDateTime();
