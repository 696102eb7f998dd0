import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';
import { notificationKindEnum } from './enums.js';
import { series } from './board.js';
import { scrims } from './scrims.js';
import { users } from './users.js';

const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: userRef('from_user_id'),
    toUserId: userRef('to_user_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('friend_requests_pair_uq').on(t.fromUserId, t.toUserId),
    index('friend_requests_to_idx').on(t.toUserId),
    check('friend_requests_not_self_ck', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/** One row per friendship, the smaller id first, so a pair can only be friends once. */
export const friendships = pgTable(
  'friendships',
  {
    userLowId: userRef('user_low_id'),
    userHighId: userRef('user_high_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userLowId, t.userHighId] }),
    index('friendships_high_idx').on(t.userHighId),
    check('friendships_order_ck', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set for a scrim's chat room; null for a direct conversation. */
    scrimId: uuid('scrim_id').references(() => scrims.id, { onDelete: 'cascade' }),
    /** 'low-id:high-id' of a direct conversation, so two users share one. */
    directKey: text('direct_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_scrim_uq').on(t.scrimId),
    unique('conversations_direct_uq').on(t.directKey),
    check('conversations_kind_ck', sql`(${t.scrimId} is null) <> (${t.directKey} is null)`),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef('sender_id'),
    receiverId: uuid('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    check('messages_text_len_ck', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

export const messageSeen = pgTable(
  'message_seen',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_seen_user_idx').on(t.userId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    kind: notificationKindEnum('kind').notNull(),
    message: text('message').notNull(),
    relatedUserId: uuid('related_user_id').references(() => users.id, { onDelete: 'cascade' }),
    relatedScrimId: uuid('related_scrim_id').references(() => scrims.id, { onDelete: 'cascade' }),
    /** The team series a 'series_alert' is about (a click opens its page); none for a board request's. */
    relatedSeriesId: uuid('related_series_id').references(() => series.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);
