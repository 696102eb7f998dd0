import { sql } from 'drizzle-orm';
import { conversations, messageSeen, messages } from './schema/index.js';

/** Messages of the conversation `viewerId` has not seen, their own excluded (a subquery on `conversations.id`). */
export const unseenCountSql = (viewerId: string) => sql<number>`(
  select count(*)::int from ${messages} m
  where m.conversation_id = ${conversations.id} and m.sender_id <> ${viewerId}
    and not exists (select 1 from ${messageSeen} s where s.message_id = m.id and s.user_id = ${viewerId})
)`;
