import { z } from 'zod';
import { SCRIM_NOTE_MAX, SERIES_FORMATS } from '../rules/board-limits.js';
import { BOARD_MESSAGES } from '../texts/en/board.js';
import { DRAFT_MESSAGES } from '../texts/en/draft.js';
import { REGIONS } from '../constants.js';
import { DRAFT_MODES } from '../rules/draft.js';
import { RANK_LADDER } from '../rules/rank.js';
import { idSchema, isoDateTime } from './common.js';
import { seriesSchema, teamCardSchema } from './series.js';

/*
 * The scrim board: a team's captain posts when and how the team wants to play; other teams' captains ask for it;
 * the poster's captain accepts one request, which books a series, or declines it.
 */

export const SCRIM_POST_STATUSES = ['open', 'closed', 'deleted'] as const;
export type ScrimPostStatus = (typeof SCRIM_POST_STATUSES)[number];
export const SCRIM_REQUEST_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type ScrimRequestStatus = (typeof SCRIM_REQUEST_STATUSES)[number];
export const SCRIM_BOARD_PAGE_SIZE = 20;

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const regionSchema = z.enum(REGIONS, { error: BOARD_MESSAGES.regionInvalid });
export const seriesFormatSchema = z.enum(SERIES_FORMATS, { error: BOARD_MESSAGES.formatInvalid });
/** A rank of the ladder, Iron 4 to Challenger: the bounds of the opponents a post is for. */
export const ladderRankSchema = z
  .string({ error: BOARD_MESSAGES.rankInvalid })
  .refine((rank) => RANK_LADDER.includes(rank), BOARD_MESSAGES.rankInvalid);
const noteSchema = z
  .string({ error: BOARD_MESSAGES.noteTooLong })
  .trim()
  .max(SCRIM_NOTE_MAX, BOARD_MESSAGES.noteTooLong);

/** Lowest bound not above the highest, when both are given. */
const ranksInOrder = ({ rankMin, rankMax }: { rankMin?: string | undefined; rankMax?: string | undefined }) =>
  rankMin === undefined || rankMax === undefined || RANK_LADDER.indexOf(rankMin) <= RANK_LADDER.indexOf(rankMax);

/**
 * POST /api/scrim-posts (a captain of `teamId`): the team's region, a start 30 minutes to 30 days away (checked
 * against the server's clock), the format, fearless draft or not, the ranks of the opponents wanted, a note, and
 * whether the region's Discord channel is told (ANNOUNCED_POSTS_PER_WINDOW).
 */
export const createScrimPostBodySchema = z
  .object({
    teamId: idSchema,
    region: regionSchema,
    startsAt: isoDateTime(BOARD_MESSAGES.startsAtInvalid),
    format: seriesFormatSchema,
    fearless: z.boolean({ error: BOARD_MESSAGES.fearlessInvalid }),
    /** The series' draft room: none, the tournament draft, or fearless (which needs `fearless`). */
    draft: z.enum(DRAFT_MODES).default('none'),
    rankMin: ladderRankSchema.optional(),
    rankMax: ladderRankSchema.optional(),
    note: noteSchema.optional(),
    /** Also post it to the region's Discord channel (when the region has one); off unless the poster asks. */
    announce: z.boolean({ error: BOARD_MESSAGES.announceInvalid }).default(false),
  })
  .refine(ranksInOrder, { error: BOARD_MESSAGES.rankRangeInvalid, path: ['rankMin'] })
  // A fearless series drafts fearless in the draft room (or drafts elsewhere); a fearless draft needs a fearless series.
  .refine((post) => post.draft === 'none' || (post.draft === 'fearless') === post.fearless, {
    error: DRAFT_MESSAGES.fearlessDraftMismatch,
    path: ['draft'],
  });
export type CreateScrimPostBody = z.input<typeof createScrimPostBodySchema>;

/**
 * GET /api/scrim-posts: open posts that have not started, of `region` (every region when absent), starting within
 * [from, to], of `format`, whose wanted ranks meet [rankMin, rankMax] (a post without bounds meets every range).
 * `fitsTeamId` ("fits my team"): one of the viewer's teams, whose rating band stands for both bounds.
 */
export const scrimBoardQuerySchema = z
  .object({
    region: z.preprocess(emptyAsAbsent, regionSchema.optional()),
    from: z.preprocess(emptyAsAbsent, isoDateTime(BOARD_MESSAGES.startsAtInvalid).optional()),
    to: z.preprocess(emptyAsAbsent, isoDateTime(BOARD_MESSAGES.startsAtInvalid).optional()),
    format: z.preprocess(emptyAsAbsent, seriesFormatSchema.optional()),
    rankMin: z.preprocess(emptyAsAbsent, ladderRankSchema.optional()),
    rankMax: z.preprocess(emptyAsAbsent, ladderRankSchema.optional()),
    fitsTeamId: z.preprocess(emptyAsAbsent, idSchema.optional()),
    cursor: z.string().max(400).optional(),
  })
  .refine(ranksInOrder, { error: BOARD_MESSAGES.rankRangeInvalid, path: ['rankMin'] })
  .refine((q) => q.fitsTeamId === undefined || (q.rankMin === undefined && q.rankMax === undefined), {
    error: BOARD_MESSAGES.fitsWithRanks,
    path: ['fitsTeamId'],
  })
  .refine(({ from, to }) => from === undefined || to === undefined || Date.parse(from) <= Date.parse(to), {
    error: BOARD_MESSAGES.dateRangeInvalid,
    path: ['from'],
  });
export type ScrimBoardQuery = z.output<typeof scrimBoardQuerySchema>;

export const scrimPostSchema = z.object({
  _id: z.string(),
  team: teamCardSchema,
  region: z.enum(REGIONS),
  startsAt: z.string(),
  format: z.enum(SERIES_FORMATS),
  fearless: z.boolean(),
  draft: z.enum(DRAFT_MODES),
  rankMin: z.string().nullable(),
  rankMax: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(SCRIM_POST_STATUSES),
  /** Open requests for it. */
  requestCount: z.number().int(),
  createdAt: z.string(),
});
export type ScrimPost = z.infer<typeof scrimPostSchema>;

export const scrimPostResponseSchema = z.object({ post: scrimPostSchema });
export const scrimBoardResponseSchema = z.object({
  rows: z.array(scrimPostSchema),
  nextCursor: z.string().nullable(),
});

/** POST /api/scrim-posts/:id/requests (a captain of `teamId`, another team than the poster). */
export const createScrimRequestBodySchema = z.object({ teamId: idSchema, note: noteSchema.optional() });
export type CreateScrimRequestBody = z.input<typeof createScrimRequestBodySchema>;

export const scrimRequestSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  team: teamCardSchema,
  note: z.string().nullable(),
  status: z.enum(SCRIM_REQUEST_STATUSES),
  createdAt: z.string(),
});
export type ScrimRequest = z.infer<typeof scrimRequestSchema>;

export const scrimRequestResponseSchema = z.object({ request: scrimRequestSchema });
export const scrimRequestsResponseSchema = z.object({ requests: z.array(scrimRequestSchema) });
/** POST /api/scrim-requests/:id/accept: the series it booked. */
export const acceptScrimRequestResponseSchema = z.object({ series: seriesSchema });

export const scrimPostParamsSchema = z.object({ id: idSchema });
export const scrimRequestParamsSchema = z.object({ id: idSchema });

/** `board:watch`: the regions the board page shows (every region when it does not filter by one). */
export const watchBoardPayloadSchema = z.object({ regions: z.array(z.enum(REGIONS)).max(REGIONS.length) }).strict();
/** `series:watch` and `series:unwatch`. */
export const watchSeriesPayloadSchema = z.object({ seriesId: idSchema.transform((id) => id.toLowerCase()) }).strict();
