import { z } from 'zod';
import { REGIONS } from '../constants.js';
import { ACTIVITY_MAX_DAYS, ACTIVITY_PRESETS, daysInRange, isTimeZone } from '../rules/activity-range.js';
import { roleSchema, teamNameSchema } from './scrim.js';
import { DATE_RANGE_MESSAGE, isStorableDate } from './common.js';
import { publicUserSchema } from './user.js';

/** GET /users/:name?region=&tagline=. */
export const profileByNameParamsSchema = z.object({
  name: z.string().trim().min(1, 'Summoner Name is empty!').max(40, 'Summoner Name is too long'),
});
export const profileByNameQuerySchema = z.object({
  region: z.enum(REGIONS, { error: `Region must be one of ${REGIONS.join(', ')}` }).optional(),
  tagline: z
    .string()
    .trim()
    .max(10, 'Tagline is too long')
    .optional()
    .transform((tag) => tag || undefined),
});

/** A ban as admins see it on a profile; `isActive` is true while it is flagged active and not over. */
export const profileBanSchema = z.object({
  isActive: z.boolean(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  reason: z.string().nullable(),
  _bannedBy: z.string().nullable(),
});
export type ProfileBan = z.infer<typeof profileBanSchema>;

/**
 * A profile. What a viewer gets depends on who they are (docs/profiles.md):
 * everyone signed in: the public fields and the friends count; friends, the owner and admins also `lastSeenAt`;
 * the owner and admins `lastLoggedIn`; admins `currentBan`. Email, uid, notifications, friend requests and the
 * admin key never leave the server on this call. The friend button asks the friends API for its state.
 */
export const userProfileSchema = publicUserSchema.extend({
  friendsCount: z.number().int(),
  lastSeenAt: z.string().nullable().optional(),
  lastLoggedIn: z.string().nullable().optional(),
  currentBan: profileBanSchema.optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/* ---- Scrim lists ---- */

export const PARTICIPATED_FILTERS = ['none', 'played', 'casted', 'captain', 'won', 'lost'] as const;
export type ParticipatedFilter = (typeof PARTICIPATED_FILTERS)[number];
export const CREATED_FILTERS = ['none', 'public', 'private'] as const;
export type CreatedFilter = (typeof CREATED_FILTERS)[number];
export const DATE_SORTS = ['desc', 'asc'] as const;
export type DateSort = (typeof DATE_SORTS)[number];
export const PROFILE_LIST_PAGE_SIZE = 20;

const listQueryBase = z.object({
  sort: z.enum(DATE_SORTS, { error: 'sort must be asc or desc' }).default('desc'),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(PROFILE_LIST_PAGE_SIZE),
});

export const participatedScrimsQuerySchema = listQueryBase.extend({
  filter: z
    .enum(PARTICIPATED_FILTERS, { error: `filter must be one of ${PARTICIPATED_FILTERS.join(', ')}` })
    .default('none'),
});
export type ParticipatedScrimsQuery = z.input<typeof participatedScrimsQuerySchema>;

export const createdScrimsQuerySchema = listQueryBase.extend({
  filter: z.enum(CREATED_FILTERS, { error: `filter must be one of ${CREATED_FILTERS.join(', ')}` }).default('none'),
});
export type CreatedScrimsQuery = z.input<typeof createdScrimsQuerySchema>;

/**
 * A scrim in a profile list: what a row shows, not the whole scrim with its ten players. `participation`,
 * `team`, `role` and `result` describe the profile's user in it (null when they were not in it).
 */
export const profileScrimSchema = z.object({
  _id: z.string(),
  title: z.string(),
  region: z.enum(REGIONS),
  gameStartTime: z.string(),
  isPrivate: z.boolean(),
  teamWon: teamNameSchema.nullable(),
  /** Closed still not full 30 minutes after its start (beyond the original app): shown greyed, 'Abandoned'. */
  abandoned: z.boolean(),
  playersCount: z.number().int(),
  participation: z.enum(['player', 'caster']).nullable(),
  team: teamNameSchema.nullable(),
  role: roleSchema.nullable(),
  isLobbyHost: z.boolean(),
  /** 'pending' or 'disputed' for a player while the winner is not confirmed (it counts as neither yet). */
  result: z.enum(['won', 'lost', 'casted', 'pending', 'disputed']).nullable(),
});
export type ProfileScrim = z.infer<typeof profileScrimSchema>;

export const statsSchema = z.object({
  userExp: z.number(),
  userLevel: z.number().int(),
  userWinrate: z.number().int(),
  userGamesPlayedCount: z.number().int(),
  userGamesCastedCount: z.number().int(),
  userWins: z.number().int(),
  userLosses: z.number().int(),
  expProgress: z.number(),
  expNeeded: z.number(),
  expProgressPercent: z.number().int(),
});

const scrimPageSchema = z.object({
  scrims: z.array(profileScrimSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Scrims matching the filter, over every page. */
  total: z.number().int(),
});
export type ProfileScrimPage = z.infer<typeof scrimPageSchema>;

/** GET /users/:id/scrims → {scrims, stats}, paginated. */
export const participatedScrimsResponseSchema = scrimPageSchema.extend({ stats: statsSchema });
export type ParticipatedScrimsResponse = z.infer<typeof participatedScrimsResponseSchema>;
export const createdScrimsResponseSchema = scrimPageSchema;

/* ---- Activity over time ---- */

const calendarDate = z.iso
  .date({ error: 'Dates must be YYYY-MM-DD' })
  .refine(isStorableDate, { error: DATE_RANGE_MESSAGE, abort: true });

export const activityQuerySchema = z
  .object({
    range: z
      .enum([...(Object.keys(ACTIVITY_PRESETS) as (keyof typeof ACTIVITY_PRESETS)[]), 'custom'], {
        error: 'range must be 3M, 6M, 1Y or custom',
      })
      .default('6M'),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    /** The viewer's IANA time zone: days, weeks and months are theirs. */
    tz: z.string().max(64).refine(isTimeZone, 'Unknown time zone').default('UTC'),
  })
  .refine((q) => q.range !== 'custom' || (q.from && q.to), {
    message: 'A custom range needs both From and To',
    path: ['from'],
  })
  .refine((q) => q.range !== 'custom' || !q.from || !q.to || q.from <= q.to, {
    message: 'To cannot be before From',
    path: ['to'],
  })
  .refine((q) => q.range !== 'custom' || !q.from || !q.to || daysInRange(q.from, q.to) <= ACTIVITY_MAX_DAYS, {
    message: 'The range can span at most five years',
    path: ['to'],
  });
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityPointSchema = z.object({
  /** First day of the bucket, 'YYYY-MM-DD' in the requested time zone. */
  start: z.string(),
  played: z.number().int(),
  casted: z.number().int(),
});
export type ActivityPoint = z.infer<typeof activityPointSchema>;

/** Finished games per bucket: the chart's All is played + casted, so one answer serves the three toggles. */
export const activityResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
  points: z.array(activityPointSchema),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
