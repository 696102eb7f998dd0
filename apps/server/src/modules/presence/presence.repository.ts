import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export async function findLastSeen({ db, userIds }: { db: DbOrTx; userIds: string[] }) {
  if (userIds.length === 0) return [];
  return db.select({ id: users.id, lastSeenAt: users.lastSeenAt }).from(users).where(inArray(users.id, userIds));
}

export async function updateLastSeen({ db, userId, at }: { db: DbOrTx; userId: string; at: Date }) {
  await db.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));
}

/**
 * The users whose presence `userId` always follows: friends and direct conversation partners (read here, from
 * their tables, so presence needs neither module).
 */
export async function findCircle({ db, userId }: { db: DbOrTx; userId: string }): Promise<string[]> {
  const result = await db.execute(sql`
    select case when f.user_low_id = ${userId}::uuid then f.user_high_id else f.user_low_id end as id
    from friendships f where f.user_low_id = ${userId}::uuid or f.user_high_id = ${userId}::uuid
    union
    select other.user_id as id from conversation_members mine
      join conversations c on c.id = mine.conversation_id and c.direct_key is not null
      join conversation_members other on other.conversation_id = mine.conversation_id and other.user_id <> mine.user_id
    where mine.user_id = ${userId}::uuid`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** Whether `a` and `b` are friends or direct conversation partners (each follows the other's presence). */
export async function areInCircle({ db, a, b }: { db: DbOrTx; a: string; b: string }) {
  const result = await db.execute(sql`
    select 1 from friendships f
      where f.user_low_id = least(${a}::uuid, ${b}::uuid) and f.user_high_id = greatest(${a}::uuid, ${b}::uuid)
    union all
    select 1 from conversation_members mine
      join conversations c on c.id = mine.conversation_id and c.direct_key is not null
      join conversation_members other on other.conversation_id = mine.conversation_id
    where mine.user_id = ${a}::uuid and other.user_id = ${b}::uuid
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Which of `userIds` the viewer may see the presence of: themselves, friends, direct conversation partners,
 * and the players and casters of public scrims or of scrims the viewer is in (what scrim cards show).
 */
export async function findVisibleUserIds({
  db,
  viewerId,
  userIds,
}: {
  db: DbOrTx;
  viewerId: string;
  userIds: string[];
}) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${inArray(users.id, userIds)} and (
        ${users.id} = ${viewerId}
        or exists (select 1 from friendships f
          where f.user_low_id = least(${users.id}, ${viewerId}::uuid) and f.user_high_id = greatest(${users.id}, ${viewerId}::uuid))
        or exists (select 1 from conversation_members mine
          join conversations c on c.id = mine.conversation_id and c.direct_key is not null
          join conversation_members other on other.conversation_id = mine.conversation_id
          where mine.user_id = ${viewerId} and other.user_id = ${users.id})
        or exists (select 1 from scrim_participants p join scrims s on s.id = p.scrim_id
          where p.user_id = ${users.id} and (not s.is_private
            or exists (select 1 from scrim_participants q where q.scrim_id = s.id and q.user_id = ${viewerId})))
      )`,
    );
  return rows.map((r) => r.id);
}
