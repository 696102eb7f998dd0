import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { draftActionEnum, draftSideEnum, draftStatusEnum, roleEnum } from './enums.js';
import { scrims } from './scrims.js';
import { users } from './users.js';

/**
 * A scrim's draft room (scrims.draft is not 'none'): one row, created on first use and locked by every change, so
 * the turn clock has one authority across instances. `turn_index` is the turn being played (0 to 19; 20 once
 * done); a lock and a timeout of turn k both update the row only while it is still at k, so exactly one of them
 * decides the turn. `version` grows with each change: a client keeps the newest state it has seen.
 */
export const scrimDrafts = pgTable(
  'scrim_drafts',
  {
    scrimId: uuid('scrim_id')
      .primaryKey()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    status: draftStatusEnum('status').notNull().default('waiting'),
    turnIndex: smallint('turn_index').notNull().default(0),
    /** When the running turn's clock ends (the server's instant); null unless running. */
    turnEndsAt: timestamptz('turn_ends_at'),
    readyBlue: boolean('ready_blue').notNull().default(false),
    readyRed: boolean('ready_red').notNull().default(false),
    drafterBlue: uuid('drafter_blue').references(() => users.id, { onDelete: 'set null' }),
    drafterRed: uuid('drafter_red').references(() => users.id, { onDelete: 'set null' }),
    /** A side's captain asked for a reset; the other side's captain asking too resets the draft. */
    resetAskedBlue: boolean('reset_asked_blue').notNull().default(false),
    resetAskedRed: boolean('reset_asked_red').notNull().default(false),
    version: integer('version').notNull().default(0),
    startedAt: timestamptz('started_at'),
    endedAt: timestamptz('ended_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('scrim_drafts_turn_ck', sql`${t.turnIndex} between 0 and 20`),
    check('scrim_drafts_running_ck', sql`(${t.status} = 'running') = (${t.turnEndsAt} is not null)`),
  ],
);

/**
 * The turns played, in order: who banned or picked which champion (a Data Dragon key), or null for a ban that
 * timed out. A champion appears once per draft (the unique index): taken or banned is the database's answer too.
 * The pick order stays after the game, for the scoreboard's check against Riot's match and the draft stats.
 */
export const scrimDraftTurns = pgTable(
  'scrim_draft_turns',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrimDrafts.scrimId, { onDelete: 'cascade' }),
    turnIndex: smallint('turn_index').notNull(),
    side: draftSideEnum('side').notNull(),
    action: draftActionEnum('action').notNull(),
    champion: text('champion'),
    /** For a pick: the role the drafter gave it, if any. */
    role: roleEnum('role'),
    /** The clock ran out: a skipped ban, or a pick of the drafter's hover or a random free champion. */
    timedOut: boolean('timed_out').notNull().default(false),
    lockedBy: uuid('locked_by').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: timestamptz('locked_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scrimId, t.turnIndex] }),
    uniqueIndex('scrim_draft_turns_champion_uq')
      .on(t.scrimId, t.champion)
      .where(sql`${t.champion} is not null`),
    check('scrim_draft_turns_index_ck', sql`${t.turnIndex} between 0 and 19`),
    check('scrim_draft_turns_pick_ck', sql`${t.action} = 'ban' or ${t.champion} is not null`),
    // The draft stats read a champion's picks across scrims.
    index('scrim_draft_turns_champion_idx')
      .on(t.champion)
      .where(sql`${t.action} = 'pick'`),
  ],
);

/** A side's suggestions while it drafts: one hovered champion per player, seen by that side only. */
export const scrimDraftHovers = pgTable(
  'scrim_draft_hovers',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrimDrafts.scrimId, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: draftSideEnum('side').notNull(),
    champion: text('champion').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scrimId, t.userId] })],
);
