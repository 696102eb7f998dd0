import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { COMMITMENT_OUTCOMES, WAITLIST_ROLES } from '@scrim-gym/shared';
import { timestamptz } from './columns.js';
import { regionEnum } from './enums.js';
import { scrims } from './scrims.js';
import { users } from './users.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Players waiting for a slot of a full scrim, first come first served: when a player leaves (or misses
 * check-in), the first entry whose role fits takes the slot, under the scrim's row lock.
 */
export const scrimWaitlist = pgTable(
  'scrim_waitlist',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A role, or 'any' free slot. */
    role: text('role').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scrimId, t.userId] }),
    index('scrim_waitlist_order_idx').on(t.scrimId, t.createdAt),
    index('scrim_waitlist_user_idx').on(t.userId),
    check('scrim_waitlist_role_ck', sql`${t.role} in (${inList(WAITLIST_ROLES)})`),
  ],
);

/** Players who checked in for a scrim (between 30 and 5 minutes before its start). */
export const scrimCheckIns = pgTable(
  'scrim_check_ins',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkedInAt: timestamptz('checked_in_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scrimId, t.userId] })],
);

/** A player replaced after the start by a host or an admin: the substitute plays and is rated instead. */
export const scrimSubstitutions = pgTable(
  'scrim_substitutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    outUserId: uuid('out_user_id').references(() => users.id, { onDelete: 'set null' }),
    inUserId: uuid('in_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('scrim_substitutions_scrim_idx').on(t.scrimId, t.createdAt)],
);

/**
 * What each player did with a scrim they committed to: played or checked in (kept), no-show or late leave
 * (broken). One per scrim and user; a player's reliability is the share kept of their last 20.
 */
export const scrimCommitments = pgTable(
  'scrim_commitments',
  {
    scrimId: uuid('scrim_id')
      .notNull()
      .references(() => scrims.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outcome: text('outcome').notNull(),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scrimId, t.userId] }),
    index('scrim_commitments_user_idx').on(t.userId, t.recordedAt),
    check('scrim_commitments_outcome_ck', sql`${t.outcome} in (${inList(COMMITMENT_OUTCOMES)})`),
  ],
);

/** Community hosts: players an admin allowed to create and run scrims of a region. */
export const communityHosts = pgTable(
  'community_hosts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    region: regionEnum('region').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.region] })],
);
