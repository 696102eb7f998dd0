import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * Scheduled work, claimed atomically (UPDATE … WHERE due AND unclaimed … RETURNING) so that each job runs
 * once across several instances and survives restarts. `dedupeKey` keeps one pending job per purpose.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamptz('run_at').notNull(),
    claimedAt: timestamptz('claimed_at'),
    claimedBy: text('claimed_by'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    completedAt: timestamptz('completed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.completedAt} is null`),
  ],
);
