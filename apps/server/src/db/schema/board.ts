import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import {
  draftModeEnum,
  regionEnum,
  scrimPostStatusEnum,
  scrimRequestStatusEnum,
  seriesFormatEnum,
  seriesOutcomeEnum,
  seriesSideEnum,
  seriesStatusEnum,
  teamRoleEnum,
} from './enums.js';
import { scrims } from './scrims.js';
import { teams } from './teams.js';
import { users } from './users.js';

/**
 * A team's post on the scrim board: when, where and how it wants to play. Open until its captain accepts a
 * request (closed, with exactly one series) or takes it down (deleted). The wanted ranks are ladder steps
 * (0 = Iron 4 … 30 = Challenger), null for no bound.
 */
export const scrimPosts = pgTable(
  'scrim_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    region: regionEnum('region').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    format: seriesFormatEnum('format').notNull(),
    fearless: boolean('fearless').notNull(),
    /** The draft room of its games: none, tournament, or fearless (only with `fearless`). */
    draft: draftModeEnum('draft').notNull().default('none'),
    rankMin: smallint('rank_min'),
    rankMax: smallint('rank_max'),
    note: text('note'),
    /** The poster asked for the post on the region's Discord channel (the discord module follows the board). */
    announce: boolean('announce').notNull().default(false),
    status: scrimPostStatusEnum('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'scrim_posts_rank_range_ck',
      sql`${t.rankMin} is null or ${t.rankMax} is null or ${t.rankMin} <= ${t.rankMax}`,
    ),
    // A fearless series drafts fearless (or without the draft room); a fearless draft is a fearless series.
    check('scrim_posts_draft_ck', sql`${t.draft} = 'none' or (${t.draft} = 'fearless') = ${t.fearless}`),
    // The board's keyset order, over open posts only: of one region, and of every region.
    index('scrim_posts_board_region_idx')
      .on(t.region, t.startsAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('scrim_posts_board_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.status} = 'open'`),
    // A team's own posts, first on the board for its members.
    index('scrim_posts_team_idx').on(t.teamId, t.startsAt),
    // The announced posts' budget, per team and per captain (board.policy.ts).
    index('scrim_posts_announced_team_idx')
      .on(t.teamId, t.createdAt)
      .where(sql`${t.announce}`),
    index('scrim_posts_announced_by_idx')
      .on(t.createdBy, t.createdAt)
      .where(sql`${t.announce}`),
  ],
);

/** A team asking for a post. At most one open request per team and post; answered once, by accept or decline. */
export const scrimRequests = pgTable(
  'scrim_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => scrimPosts.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    note: text('note'),
    status: scrimRequestStatusEnum('status').notNull().default('open'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scrim_requests_one_open_uq')
      .on(t.postId, t.teamId)
      .where(sql`${t.status} = 'open'`),
    // A post has at most one accepted request, whatever the code above it does.
    uniqueIndex('scrim_requests_one_accepted_uq')
      .on(t.postId)
      .where(sql`${t.status} = 'accepted'`),
    index('scrim_requests_post_idx').on(t.postId, t.createdAt),
    index('scrim_requests_team_idx').on(t.teamId),
  ],
);

/**
 * A series booked by accepting a request: the post's format, fearless and start, copied (the post may go with its
 * team). `post_id` is unique, so a post books one series however many accepts race for it.
 */
export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id').references(() => scrimPosts.id, { onDelete: 'set null' }),
    requestId: uuid('request_id').references(() => scrimRequests.id, { onDelete: 'set null' }),
    region: regionEnum('region').notNull(),
    format: seriesFormatEnum('format').notNull(),
    fearless: boolean('fearless').notNull(),
    /** The draft room of its games: none, tournament, or fearless (only with `fearless`). */
    draft: draftModeEnum('draft').notNull().default('none'),
    startsAt: timestamptz('starts_at').notNull(),
    status: seriesStatusEnum('status').notNull().default('scheduled'),
    /** When it finished or was cancelled. */
    endedAt: timestamptz('ended_at'),
    /** Who cancelled it (null: the server, for a team that never showed up; or the team was deleted since). */
    cancelledByTeamId: uuid('cancelled_by_team_id').references(() => teams.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** Cancelled under SERIES_LATE_CANCEL_HOURS before the start: it counts against the cancelling team. */
    cancelLate: boolean('cancel_late'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('series_post_uq').on(t.postId),
    index('series_status_starts_idx').on(t.status, t.startsAt),
    check('series_draft_ck', sql`${t.draft} = 'none' or (${t.draft} = 'fearless') = ${t.fearless}`),
  ],
);

/**
 * The two teams of a series, one per side of game 1 (the coin flip made at acceptance). A deleted team leaves its
 * place (team_id null) so a finished series keeps its score; a scheduled one blocks the deletion.
 */
export const seriesTeams = pgTable(
  'series_teams',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    side: seriesSideEnum('side').notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** Whether this team posted (the other one asked). */
    isPoster: boolean('is_poster').notNull(),
    score: smallint('score').notNull().default(0),
    /** How the series counts for this team's reliability, once decided; null while it is not, or when excused. */
    outcome: seriesOutcomeEnum('outcome'),
    outcomeAt: timestamptz('outcome_at'),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.side] }),
    uniqueIndex('series_teams_team_uq').on(t.seriesId, t.teamId),
    uniqueIndex('series_teams_one_poster_uq')
      .on(t.seriesId)
      .where(sql`${t.isPoster}`),
    index('series_teams_team_idx').on(t.teamId),
    // A team's reliability reads its last decided series.
    index('series_teams_outcome_idx')
      .on(t.teamId, t.outcomeAt.desc())
      .where(sql`${t.outcome} is not null`),
  ],
);

/**
 * The games of a series, each a scrim: its number in the series and which team plays on which side (blue is the
 * scrim's teamOne, red its teamTwo). A scrim with a row here is a series game: its slots are the lineups' only
 * (scrim_slot_change refuses anyone else), and it is private, so the hub does not list it to strangers.
 */
export const seriesGames = pgTable(
  'series_games',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    blueTeamId: uuid('blue_team_id').references(() => teams.id, { onDelete: 'set null' }),
    redTeamId: uuid('red_team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The team that lost the previous game, which may pick this game's side until side_choice_due_at. */
    sideChooserTeamId: uuid('side_chooser_team_id').references(() => teams.id, { onDelete: 'set null' }),
    sideChoiceDueAt: timestamptz('side_choice_due_at'),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.number] }),
    uniqueIndex('series_games_scrim_uq').on(t.scrimId),
    check('series_games_number_ck', sql`${t.number} >= 1`),
  ],
);

/**
 * The lineups of a series: who plays for which team, as a starter in a role or a substitute ('Sub'). A user is in
 * one lineup of a series (the primary key), so a member of both teams plays for one side only.
 */
export const seriesLineups = pgTable(
  'series_lineups',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: teamRoleEnum('role').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.userId] }),
    index('series_lineups_team_idx').on(t.seriesId, t.teamId),
    // A user's series, for their calendar feed.
    index('series_lineups_user_idx').on(t.userId),
    // Starters hold one role each per team; substitutes share 'Sub'.
    uniqueIndex('series_lineups_starter_uq')
      .on(t.seriesId, t.teamId, t.role)
      .where(sql`${t.role} <> 'Sub'`),
    check('series_lineups_role_ck', sql`${t.role} <> 'Coach'`),
  ],
);
