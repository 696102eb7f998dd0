import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  conversationMembers,
  conversations,
  messages,
  scrimParticipants,
  scrims,
  users,
} from '../../db/schema/index.js';
import { unseenCountSql } from '../../db/unseen-messages.js';
import { userSummaryColumns, type UserSummaryRow } from '../../db/user-summary.js';
import { orderedPair } from '../../lib/ordered-pair.js';

export type ConversationRow = typeof conversations.$inferSelect;

/** The key of the one direct conversation two users share: 'low-id:high-id'. */
export const directKeyOf = (a: string, b: string) => {
  const { low, high } = orderedPair(a, b);
  return `${low}:${high}`;
};

/** A conversation as one viewer sees it: members, its scrim, last activity and what the viewer has not seen. */
export interface ConversationView {
  conversation: ConversationRow;
  members: UserSummaryRow[];
  scrim: { id: string; title: string } | null;
  lastMessageAt: Date | null;
  unseenCount: number;
}

const lastMessageAtSql = sql<Date | null>`(
  select max(m.created_at) from ${messages} m where m.conversation_id = ${conversations.id}
)`;

/** Conversations matching `where`, as `viewerId` sees them (two queries: conversations, then members). */
async function loadViews(db: DbOrTx, viewerId: string, where: ReturnType<typeof and>): Promise<ConversationView[]> {
  const rows = await db
    .select({
      conversation: conversations,
      scrim: { id: scrims.id, title: scrims.title },
      lastMessageAt: lastMessageAtSql,
      unseenCount: unseenCountSql(viewerId),
    })
    .from(conversations)
    .leftJoin(scrims, eq(scrims.id, conversations.scrimId))
    .where(where)
    .orderBy(sql`${lastMessageAtSql} desc nulls last`, asc(conversations.createdAt));
  if (rows.length === 0) return [];
  const members = await db
    .select({ conversationId: conversationMembers.conversationId, user: userSummaryColumns() })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .where(
      inArray(
        conversationMembers.conversationId,
        rows.map((r) => r.conversation.id),
      ),
    )
    .orderBy(asc(users.name));
  return rows.map((row) => ({
    conversation: row.conversation,
    scrim: row.scrim?.id ? row.scrim : null,
    // Both drivers: PGlite parses the subquery's timestamptz, node-postgres may hand back text.
    lastMessageAt: row.lastMessageAt ? new Date(row.lastMessageAt) : null,
    unseenCount: Number(row.unseenCount),
    members: members.filter((m) => m.conversationId === row.conversation.id).map((m) => m.user),
  }));
}

const isMemberSql = (userId: string) =>
  sql`exists (select 1 from ${conversationMembers} cm where cm.conversation_id = ${conversations.id} and cm.user_id = ${userId})`;

/** The direct conversations of `userId`, latest activity first. */
export function findUserConversations({ db, userId }: { db: DbOrTx; userId: string }) {
  return loadViews(db, userId, and(isNotNull(conversations.directKey), isMemberSql(userId)));
}

export async function findConversationView({ db, id, viewerId }: { db: DbOrTx; id: string; viewerId: string }) {
  const [view] = await loadViews(db, viewerId, and(eq(conversations.id, id)));
  return view ?? null;
}

export async function findConversation({ db, id }: { db: DbOrTx; id: string }) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

export async function findDirectConversation({ db, a, b }: { db: DbOrTx; a: string; b: string }) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.directKey, directKeyOf(a, b)));
  return row ?? null;
}

/** The ids of a conversation's members. */
export async function findMemberIds({ db, conversationId }: { db: DbOrTx; conversationId: string }) {
  const rows = await db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

/**
 * The direct conversation of two users, created with its two members when missing. The unique direct key
 * decides between two concurrent creations; `created` tells which call made it.
 */
export async function findOrCreateDirectConversation({ db, a, b }: { db: DbOrTx; a: string; b: string }) {
  const [inserted] = await db
    .insert(conversations)
    .values({ directKey: directKeyOf(a, b) })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await db.insert(conversationMembers).values([
      { conversationId: inserted.id, userId: a },
      { conversationId: inserted.id, userId: b },
    ]);
    return { conversation: inserted, created: true };
  }
  return { conversation: (await findDirectConversation({ db, a, b }))!, created: false };
}

/** A scrim's chat room, created on first use (the unique scrim id decides between concurrent first uses). */
export async function findOrCreateScrimConversation({ db, scrimId }: { db: DbOrTx; scrimId: string }) {
  const [inserted] = await db.insert(conversations).values({ scrimId }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [row] = await db.select().from(conversations).where(eq(conversations.scrimId, scrimId));
  return row!;
}

/** A scrim's chat-relevant facts: privacy, title, and whether `userId` plays or casts in it. */
export async function findScrimForChat({ db, scrimId, userId }: { db: DbOrTx; scrimId: string; userId: string }) {
  const [row] = await db
    .select({
      id: scrims.id,
      title: scrims.title,
      isPrivate: scrims.isPrivate,
      isParticipant: sql<boolean>`exists (select 1 from ${scrimParticipants} p where p.scrim_id = ${scrims.id} and p.user_id = ${userId})`,
    })
    .from(scrims)
    .where(eq(scrims.id, scrimId));
  return row ?? null;
}
