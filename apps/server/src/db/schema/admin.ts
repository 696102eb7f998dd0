import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { scrims } from './scrims.js';
import { users } from './users.js';

/**
 * Bans. States: active (isActive, dateTo ahead); expired but not lifted (isActive, dateTo passed);
 * lifted (isActive false, liftedAt set).
 */
export const bans = pgTable(
  'bans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bannedBy: uuid('banned_by').references(() => users.id, { onDelete: 'set null' }),
    dateFrom: timestamptz('date_from').notNull(),
    dateTo: timestamptz('date_to').notNull(),
    reason: text('reason').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    liftedAt: timestamptz('lifted_at'),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('bans_user_idx').on(t.userId),
    index('bans_active_idx').on(t.isActive, t.dateTo),
    check('bans_dates_ck', sql`${t.dateTo} > ${t.dateFrom}`),
  ],
);

/** Every admin action, for the dashboard's recent activity and for accountability. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetScrimId: uuid('target_scrim_id').references(() => scrims.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
