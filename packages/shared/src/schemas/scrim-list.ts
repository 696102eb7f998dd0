import { z } from 'zod';
import { isoDateTime } from './common.js';
import { regionSchema } from './user.js';

export const scrimListQuerySchema = z
  .object({
    region: regionSchema,
    startDate: isoDateTime('startDate must be an ISO date-time'),
    endDate: isoDateTime('endDate must be an ISO date-time'),
  })
  .refine((q) => new Date(q.endDate) > new Date(q.startDate), {
    message: 'endDate must be after startDate',
    path: ['endDate'],
  })
  .refine((q) => new Date(q.endDate).getTime() - new Date(q.startDate).getTime() <= 8 * 24 * 3600 * 1000, {
    message: 'The range can span at most 8 days',
    path: ['endDate'],
  });

/** How far ahead the hub looks for the next days with scrims when the chosen day has none. */
export const NEXT_SCRIM_DAYS_AHEAD = 14;

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/**
 * GET /api/scrims/next-days: the viewer's local days (in `timeZone`) with public scrims of a region in the
 * 14 days from `after` (the end of the day the hub shows), for an empty day's "next days with scrims".
 */
export const scrimNextDaysQuerySchema = z.object({
  region: regionSchema,
  after: isoDateTime('after must be an ISO date-time'),
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'timeZone must be an IANA time zone, e.g. Europe/Berlin' }),
});
export const scrimNextDaysSchema = z.object({ days: z.array(z.string()) });
export type ScrimNextDays = z.infer<typeof scrimNextDaysSchema>;

/**
 * GET /api/scrims/mine-secrets (beyond the original app): the hub's list is the same bytes for every viewer but admins,
 * without lobby secrets; a signed-in player asks for their own with the list's query and merges them in. One
 * entry per scrim of that day whose lobby the viewer may see (admins: every scrim; players and casters: their
 * scrims once both teams are full).
 */
export const scrimSecretsSchema = z.object({
  _id: z.string(),
  lobbyName: z.string(),
  lobbyPassword: z.string(),
  tournamentCode: z.string().nullable(),
});
export type ScrimSecrets = z.infer<typeof scrimSecretsSchema>;
export const mySecretsResponseSchema = z.array(scrimSecretsSchema);
