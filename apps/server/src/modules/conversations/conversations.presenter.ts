import type { Conversation } from '@scrim-gym/shared';
import { toUserSummary } from '../../lib/user-summary.js';
import type { ConversationView } from './conversations.repository.js';

export function presentConversation(view: ConversationView): Conversation {
  const { conversation, members, scrim, lastMessageAt, unseenCount } = view;
  return {
    _id: conversation.id,
    kind: conversation.scrimId ? 'scrim' : 'direct',
    members: members.map(toUserSummary),
    scrim: scrim ? { _id: scrim.id, title: scrim.title } : null,
    createdAt: conversation.createdAt.toISOString(),
    lastMessageAt: lastMessageAt?.toISOString() ?? null,
    unseenCount,
  };
}
