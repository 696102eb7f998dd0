import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  countedRankSql,
  conversationMembers,
  conversations,
  messageSeen,
  messages,
  scrimParticipants,
  users,
} from '../../db/schema/index.js';
import { unseenCountSql } from '../../db/unseen-messages.js';

export type MessageRow = typeof messages.$inferSelect;
export interface MessageSenderRow {
  id: string;
  name: string;
  rank: string;
}
export interface MessageWithSender {
  message: MessageRow;
  sender: MessageSenderRow;
}

const senderColumns = { id: users.id, name: users.name, rank: countedRankSql() };

export async function insertMessage({
  db,
  conversationId,
  senderId,
  receiverId,
  text,
}: {
  db: DbOrTx;
  conversationId: string;
  senderId: string;
  receiverId: string | null;
  text: string;
}) {
  const [row] = await db.insert(messages).values({ conversationId, senderId, receiverId, text }).returning();
  return row!;
}

export async function findSender({ db, id }: { db: DbOrTx; id: string }): Promise<MessageSenderRow> {
  const [row] = await db.select(senderColumns).from(users).where(eq(users.id, id));
  return row!;
}

/** Up to `limit` messages of a conversation created before `before` (all when absent), oldest first. */
export async function findMessages({
  db,
  conversationId,
  before,
  limit,
}: {
  db: DbOrTx;
  conversationId: string;
  before?: Date;
  limit: number;
}): Promise<MessageWithSender[]> {
  const rows = await db
    .select({ message: messages, sender: senderColumns })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.createdAt, before) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** Who among `userIds` has seen each of `messageIds`. */
export async function findSeenBy({ db, messageIds, userIds }: { db: DbOrTx; messageIds: string[]; userIds: string[] }) {
  const seen = new Map<string, string[]>();
  if (messageIds.length === 0 || userIds.length === 0) return seen;
  const rows = await db
    .select({ messageId: messageSeen.messageId, userId: messageSeen.userId })
    .from(messageSeen)
    .where(and(inArray(messageSeen.messageId, messageIds), inArray(messageSeen.userId, userIds)));
  for (const { messageId, userId } of rows) seen.set(messageId, [...(seen.get(messageId) ?? []), userId]);
  return seen;
}

/** Marks every message of the conversation sent by others as seen by `userId`; returns how many were new. */
export async function markConversationSeen({
  db,
  conversationId,
  userId,
}: {
  db: DbOrTx;
  conversationId: string;
  userId: string;
}) {
  const result = await db.execute(sql`
    insert into ${messageSeen} (message_id, user_id)
    select m.id, ${userId}::uuid from ${messages} m
    where m.conversation_id = ${conversationId} and m.sender_id <> ${userId}
      and not exists (select 1 from ${messageSeen} s where s.message_id = m.id and s.user_id = ${userId})
    on conflict do nothing
    returning message_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Unseen counts of the user's direct conversations (only those with some). */
export async function findUnseenDirectCounts({ db, userId }: { db: DbOrTx; userId: string }) {
  const rows = await db
    .select({ conversationId: conversations.id, count: unseenCountSql(userId) })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.userId, userId), sql`${conversations.directKey} is not null`));
  return rows.map((r) => ({ conversationId: r.conversationId, count: Number(r.count) })).filter((r) => r.count > 0);
}

/** Unseen counts of the chats of the scrims the user plays or casts in (only those with some). */
export async function findUnseenScrimCounts({ db, userId }: { db: DbOrTx; userId: string }) {
  const rows = await db
    .select({ scrimId: scrimParticipants.scrimId, conversationId: conversations.id, count: unseenCountSql(userId) })
    .from(scrimParticipants)
    .innerJoin(conversations, eq(conversations.scrimId, scrimParticipants.scrimId))
    .where(eq(scrimParticipants.userId, userId));
  return rows
    .map((r) => ({ scrimId: r.scrimId, conversationId: r.conversationId, count: Number(r.count) }))
    .filter((r) => r.count > 0);
}

/** The players' and casters' ids of a scrim (the readers a scrim chat message is pushed to). */
export async function findScrimParticipantIds({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const rows = await db
    .select({ userId: scrimParticipants.userId })
    .from(scrimParticipants)
    .where(eq(scrimParticipants.scrimId, scrimId));
  return rows.map((r) => r.userId);
}
