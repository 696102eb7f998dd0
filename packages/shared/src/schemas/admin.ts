import { z } from 'zod';
import { REGIONS } from '../constants.js';
import { ADMIN_MESSAGES } from '../texts/en/admin.js';
import { DATE_RANGE_MESSAGE, idSchema, isStorableDate } from './common.js';
import { profileFieldsSchema } from './auth.js';
import { publicUserSchema } from './user.js';

/**
 * A ban date: an ISO date-time with an offset ('2025-06-01T22:00:00.000Z'), or a calendar date ('2025-06-01',
 * read as midnight UTC). The web form sends date-times, from the admin's own time zone.
 */
const banDateSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'Expected an ISO date or date-time' })
  // Aborting: the object's date-order refinement below needs both dates parsed.
  .refine(isStorableDate, { error: DATE_RANGE_MESSAGE, abort: true })
  .transform((text) => new Date(text));

/** POST /admin/banUser. Date To after Date From is checked here; "in the future" by the server's clock. */
export const banUserBodySchema = z
  .object({
    banUserId: idSchema,
    dateFrom: banDateSchema,
    dateTo: banDateSchema,
    reason: z
      .string({ error: ADMIN_MESSAGES.reasonEmpty })
      .trim()
      .min(1, { error: ADMIN_MESSAGES.reasonEmpty, abort: true })
      .max(1000, 'Reason can be at most 1000 characters'),
  })
  .refine((body) => body.dateTo.getTime() > body.dateFrom.getTime(), {
    path: ['dateTo'],
    error: ADMIN_MESSAGES.banDatesOrder,
  });
export type BanUserBody = z.input<typeof banUserBodySchema>;

export const banUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  _id: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  _bannedBy: z.string(),
});
export type BanUserResponse = z.infer<typeof banUserResponseSchema>;

/** POST /admin/unbanUser. */
export const unbanUserBodySchema = z.object({ bannedUserId: idSchema });
export type UnbanUserBody = z.input<typeof unbanUserBodySchema>;

export const successResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** POST /admin/lift-expired-bans: `lifted` says how many. */
export const liftExpiredBansResponseSchema = successResponseSchema.extend({ lifted: z.number().int() });
export type LiftExpiredBansResponse = z.infer<typeof liftExpiredBansResponseSchema>;

/**
 * POST /admin/updateUser/:id: only name, tagline and rank, validated like sign-up; anything else is
 * refused (400), so nothing else can change through this route.
 */
export const adminUpdateUserBodySchema = profileFieldsSchema
  .pick({ name: true, summonerTagline: true, rank: true })
  .partial()
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: ADMIN_MESSAGES.nothingToUpdate });
export type AdminUpdateUserBody = z.input<typeof adminUpdateUserBodySchema>;

export const adminUpdateUserResponseSchema = successResponseSchema.extend({ user: publicUserSchema });
export type AdminUpdateUserResponse = z.infer<typeof adminUpdateUserResponseSchema>;

/** Ban states: active; expired but not lifted (needs lifting); lifted. */
export const BAN_STATUSES = ['active', 'expired', 'lifted'] as const;
export type BanStatus = (typeof BAN_STATUSES)[number];

const banUserSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  summonerTagline: z.string(),
  region: z.enum(REGIONS),
});

/** One row of GET /admin/all-bans-history. */
export const banHistoryEntrySchema = z.object({
  _id: z.string(),
  _user: banUserSummarySchema,
  _bannedBy: banUserSummarySchema.nullable(),
  dateFrom: z.string(),
  dateTo: z.string(),
  isActive: z.boolean(),
  status: z.enum(BAN_STATUSES),
  reason: z.string(),
  liftedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BanHistoryEntry = z.infer<typeof banHistoryEntrySchema>;
export const banHistoryResponseSchema = z.array(banHistoryEntrySchema);

/** GET /admin/dashboard-stats: the counts, the weekly and monthly figures and the ban statistics of the dashboard. */
export const dashboardStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalScrims: z.number().int(),
  weeklyNewUsers: z.number().int(),
  weeklyNewScrims: z.number().int(),
  activeToday: z.number().int(),
  /** New users per calendar month (UTC), oldest first; months without any are left out. */
  monthlyUserGrowth: z.array(z.object({ year: z.number().int(), month: z.number().int(), count: z.number().int() })),
  /** Scrims starting on each of the last 7 days (UTC), oldest first, today last. */
  weeklyScrimActivity: z.array(z.object({ day: z.string(), date: z.string(), scrims: z.number().int() })),
  regionDistribution: z.array(z.object({ region: z.string(), count: z.number().int() })),
  /** By tier, in the chart's order (Iron … Challenger, Unranked), unknown ranks last. */
  rankDistribution: z.array(z.object({ rank: z.string(), count: z.number().int() })),
  banStatistics: z.object({
    activeBans: z.number().int(),
    expiredBans: z.number().int(),
    totalBannedUsers: z.number().int(),
    totalBans: z.number().int(),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const ACTIVITY_TYPES = ['scrim', 'user', 'ban'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/**
 * The spec's chips (active, completed, banned, lifted, new), plus admin edits and deletions from the audit log,
 * and refused security checks (a wrong admin key).
 */
export const ACTIVITY_STATUSES = [
  'active',
  'completed',
  'banned',
  'lifted',
  'new',
  'updated',
  'deleted',
  'refused',
  /** A scrim closed still not full 30 minutes after its start: no longer 'active'. */
  'abandoned',
  /** A scrim's reported winner waits for the other team's answer, or for an admin: not 'completed' yet. */
  'pending',
  'disputed',
] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** One entry of GET /admin/recent-activities, newest first. */
export const activitySchema = z.object({
  _id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  description: z.string(),
  timestamp: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  details: z.object({
    scrimId: z.string().optional(),
    userName: z.string().optional(),
    userId: z.string().optional(),
    summonerTagline: z.string().optional(),
    region: z.string().optional(),
    rank: z.string().optional(),
    reason: z.string().optional(),
  }),
});
export type Activity = z.infer<typeof activitySchema>;
export const recentActivitiesResponseSchema = z.array(activitySchema);

export const SERVICE_STATUSES = ['operational', 'warning', 'error', 'inactive', 'unknown'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
const serviceStatusSchema = z.enum(SERVICE_STATUSES);

/** GET /admin/server-status. */
export const systemStatusSchema = z.object({
  services: z.object({
    database: z.object({ status: serviceStatusSchema, latency: z.number().nullable() }),
    websocket: z.object({ status: serviceStatusSchema, connections: z.number().int().nullable() }),
    riotApi: z.object({ status: serviceStatusSchema }),
    emailService: z.object({ status: serviceStatusSchema }),
    /**
     * Redis, which links the instances (not in the original app): inactive on a single instance (no REDIS_URL), error
     * while unreachable (each instance then serves its own clients; websocket counts only this instance's).
     */
    redis: z.object({ status: serviceStatusSchema }).optional(),
  }),
  checkedAt: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
