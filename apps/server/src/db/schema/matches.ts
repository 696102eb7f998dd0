import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MatchObjectives, MatchSide } from '@scrim-gym/shared';
import { timestamptz } from './columns.js';
import { roleEnum } from './enums.js';
import { scrims } from './scrims.js';
import { users } from './users.js';

/** A team of a stored match: what the scoreboard shows above its players. */
export interface StoredMatchTeam {
  side: MatchSide;
  win: boolean;
  objectives: MatchObjectives;
  /** Banned champions' Data Dragon keys, null where Data Dragon could not name the id. */
  bans: (string | null)[];
  gold: number;
}

/**
 * The Riot game of a scrim, one per scrim: 'pending' while the fetch job works on it, 'ready' with the
 * match stored (its players in match_participants), 'failed' when Riot never gave it. A Riot match belongs to one
 * scrim at most (the unique match id). `fetchSince` anchors the fetch's 24-hour window.
 */
export const scrimMatches = pgTable(
  'scrim_matches',
  {
    scrimId: uuid('scrim_id')
      .primaryKey()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull(),
    /** 'tournament': found through the scrim's tournament code; 'admin': attached by id. */
    source: text('source', { enum: ['tournament', 'admin'] }).notNull(),
    matchId: text('match_id'),
    durationSeconds: integer('duration_seconds'),
    patch: text('patch'),
    playedAt: timestamptz('played_at'),
    teams: jsonb('teams').$type<StoredMatchTeam[]>(),
    fetchSince: timestamptz('fetch_since').notNull().defaultNow(),
    lastError: text('last_error'),
    attachedBy: uuid('attached_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scrim_matches_match_id_uq')
      .on(t.matchId)
      .where(sql`${t.matchId} is not null`),
    check('scrim_matches_status_ck', sql`${t.status} in ('pending', 'ready', 'failed')`),
    check('scrim_matches_source_ck', sql`${t.source} in ('tournament', 'admin')`),
    check(
      'scrim_matches_ready_ck',
      sql`${t.status} <> 'ready' or (${t.matchId} is not null and ${t.playedAt} is not null and ${t.teams} is not null)`,
    ),
  ],
);

/**
 * One player's line of a stored match (Riot's participantId 1–10). `userId` is the Scrim Gym user whose PUUID
 * this is, null for a stranger; `playedAt` and `durationSeconds` are the match's, copied so a user's history is
 * one index range.
 */
export const matchParticipants = pgTable(
  'match_participants',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrimMatches.scrimId, { onDelete: 'cascade' }),
    participantId: smallint('participant_id').notNull(),
    puuid: text('puuid').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    riotId: text('riot_id'),
    side: text('side', { enum: ['blue', 'red'] }).notNull(),
    win: boolean('win').notNull(),
    champion: text('champion').notNull(),
    role: roleEnum('role'),
    kills: integer('kills').notNull(),
    deaths: integer('deaths').notNull(),
    assists: integer('assists').notNull(),
    cs: integer('cs').notNull(),
    gold: integer('gold').notNull(),
    damage: integer('damage').notNull(),
    vision: integer('vision').notNull(),
    level: integer('level').notNull(),
    items: integer('items').array().notNull(),
    spells: integer('spells').array().notNull(),
    keystone: integer('keystone'),
    playedAt: timestamptz('played_at').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scrimId, t.participantId] }),
    check('match_participants_side_ck', sql`${t.side} in ('blue', 'red')`),
    // A user's history, newest first, and the same filtered by champion or by role.
    index('match_participants_user_idx')
      .on(t.userId, t.playedAt.desc(), t.scrimId)
      .where(sql`${t.userId} is not null`),
    index('match_participants_user_champion_idx')
      .on(t.userId, t.champion, t.playedAt.desc(), t.scrimId)
      .where(sql`${t.userId} is not null`),
    index('match_participants_user_role_idx')
      .on(t.userId, t.role, t.playedAt.desc(), t.scrimId)
      .where(sql`${t.userId} is not null`),
  ],
);
