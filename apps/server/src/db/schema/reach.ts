import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { regionEnum } from './enums.js';
import { sessions, users } from './users.js';

/**
 * Reaching people outside the open tab: Web Push subscriptions, the server's own generated secrets
 * (the VAPID key pair, made once), personal calendar feeds, and each region's Discord webhook.
 */

/**
 * A browser's PushSubscription for a user, made in one of their sessions: it goes with that session (logout, the
 * account's deletion, a ban ending sessions) and when the push service answers 404/410 (stale).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionTokenHash: text('session_token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    /** The push service URL (https only); one browser's subscription belongs to one user at a time. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSuccessAt: timestamptz('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionTokenHash),
  ],
);

/**
 * Secrets the server generates itself when the environment does not give them (the VAPID key pair): the first
 * instance to start inserts, every other one reads the same row.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A user's subscribable calendar feed: the secret in its URL (rotating it makes the old URL a 404). */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_secret_uq').on(t.secret)],
);

/**
 * A region's Discord webhook: new scrims, "2 spots left", lobby full, results and cancellations are posted there.
 * The last delivery (a post or an admin's test message) says whether the channel still gets them.
 */
export const discordWebhooks = pgTable('discord_webhooks', {
  region: regionEnum('region').primaryKey(),
  url: text('url').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  lastDeliveryAt: timestamptz('last_delivery_at'),
  lastDeliveryOk: boolean('last_delivery_ok'),
  lastDeliveryStatus: text('last_delivery_status'),
});
