import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { regionEnum, teamEnum } from './enums.js';
import { seasons } from './ratings.js';
import { scrims } from './scrims.js';
import { teams } from './teams.js';

/**
 * A team's rating in a season: one OpenSkill rating on the players' scale, moved by its confirmed series games
 * (team_rated_games). No row: the team has not played a rated series game this season and shows the seed of its
 * roster's ratings. `rating` is the display rating, kept as a column for the teams' leaderboard index; `region` is
 * the team's (it never changes), so a region's board reads one index range.
 */
export const teamRatings = pgTable(
  'team_ratings',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    region: regionEnum('region').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    rating: integer('rating').notNull(),
    games: integer('games').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.teamId] }),
    index('team_ratings_board_idx').on(t.seasonId, t.rating.desc(), t.teamId),
    index('team_ratings_region_board_idx').on(t.seasonId, t.region, t.rating.desc(), t.teamId),
  ],
);

/**
 * The series games that moved team ratings, each once, in rating order (`seq`), with the winner they were rated
 * with: the ledger that makes rating a game idempotent, and that a changed or cleared result is replayed from.
 */
export const teamRatedGames = pgTable(
  'team_rated_games',
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
  (t) => [uniqueIndex('team_rated_games_season_seq_uq').on(t.seasonId, t.seq)],
);

/**
 * Each team's rating before and after each rated series game: two rows a game (teamOne is the blue team). The
 * team id has no foreign key: a deleted team's games still rated its opponents, and a replay reads its states here.
 */
export const teamRatingHistory = pgTable(
  'team_rating_history',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => teamRatedGames.scrimId, { onDelete: 'cascade' }),
    team: teamEnum('team').notNull(),
    teamId: uuid('team_id').notNull(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    won: boolean('won').notNull(),
    muBefore: doublePrecision('mu_before').notNull(),
    sigmaBefore: doublePrecision('sigma_before').notNull(),
    muAfter: doublePrecision('mu_after').notNull(),
    sigmaAfter: doublePrecision('sigma_after').notNull(),
    ratingBefore: integer('rating_before').notNull(),
    ratingAfter: integer('rating_after').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scrimId, t.team] }),
    index('team_rating_history_team_idx').on(t.teamId, t.seasonId, t.seq),
    index('team_rating_history_season_idx').on(t.seasonId, t.seq),
  ],
);
