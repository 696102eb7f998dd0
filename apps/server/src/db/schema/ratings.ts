import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { regionEnum, roleEnum, teamEnum } from './enums.js';
import { scrims } from './scrims.js';
import { users } from './users.js';

/**
 * Rating seasons. Exactly one is current (endedAt null); an admin starts the next one, which
 * soft-resets every rating toward the mean. Old seasons stay readable. The migration creates the first.
 */
export const seasons = pgTable(
  'seasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    uniqueIndex('seasons_current_uq')
      .on(sql`(true)`)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * A player's rating in a season: OpenSkill mu and sigma, the display rating (mu − 3σ scaled to 0–3000, kept as
 * a column for the leaderboard's index), games and wins. No row: the player has the seed of their rank.
 * `region` is the player's region when last rated: the leaderboard of a region reads one index range.
 */
export const playerRatings = pgTable(
  'player_ratings',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    region: regionEnum('region').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    rating: integer('rating').notNull(),
    gamesRated: integer('games_rated').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.userId] }),
    index('player_ratings_board_idx').on(t.seasonId, t.rating.desc(), t.userId),
    index('player_ratings_region_board_idx').on(t.seasonId, t.region, t.rating.desc(), t.userId),
  ],
);

/**
 * The confirmed result each rated scrim was rated with, in rating order (`seq`): a row here means the ratings
 * moved for this scrim, exactly once. A changed or cleared result replays the season from this order.
 */
export const ratedResults = pgTable(
  'rated_results',
  {
    scrimId: uuid('scrim_id')
      .primaryKey()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    teamWon: teamEnum('team_won').notNull(),
    ratedAt: timestamptz('rated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rated_results_season_seq_uq').on(t.seasonId, t.seq)],
);

/** Each rated player's rating before and after each rated scrim (the profile's chart, the scrim's changes). */
export const ratingHistory = pgTable(
  'rating_history',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => ratedResults.scrimId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    team: teamEnum('team').notNull(),
    role: roleEnum('role').notNull(),
    won: boolean('won').notNull(),
    muBefore: doublePrecision('mu_before').notNull(),
    sigmaBefore: doublePrecision('sigma_before').notNull(),
    muAfter: doublePrecision('mu_after').notNull(),
    sigmaAfter: doublePrecision('sigma_after').notNull(),
    ratingBefore: integer('rating_before').notNull(),
    ratingAfter: integer('rating_after').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scrimId, t.userId] }),
    index('rating_history_user_idx').on(t.userId, t.seasonId, t.seq),
  ],
);

/**
 * A season whose ratings are being replayed after an earlier result changed: every rated result from
 * `cursorSeq` on is replayed, a chunk at a time, by the rating-replay job. `seeds`: the rating a player had
 * before their first game of the season, for players whose first game was reversed (their next history row's
 * `before` still counts it until the replay reaches it); `players`: everyone in a reversed result, whose games,
 * wins and rating are recounted when the replay ends.
 */
export const ratingReplays = pgTable('rating_replays', {
  seasonId: integer('season_id')
    .primaryKey()
    .references(() => seasons.id),
  cursorSeq: bigint('cursor_seq', { mode: 'number' }).notNull(),
  seeds: jsonb('seeds').$type<Record<string, { mu: number; sigma: number }>>().notNull().default({}),
  players: jsonb('players').$type<string[]>().notNull().default([]),
});
