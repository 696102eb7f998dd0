import { useEffect, useRef } from 'react';
import type { Message } from '@scrim-gym/shared';
import { useMarkSeen, useUnseenMessages } from '../api/messages';
import { usePageVisible } from './usePageVisible';

/**
 * An open chat marks its messages seen: when it opens, and whenever a message from someone
 * else arrives while the tab is in front. A chat open in a hidden tab catches up when the tab comes back.
 */
export function useMarkSeenWhileOpen({
  viewerId,
  conversationId,
  scrimId,
  messages,
}: {
  viewerId: string;
  conversationId: string | undefined;
  scrimId?: string;
  messages: Message[] | undefined;
}) {
  const visible = usePageVisible();
  const markSeen = useMarkSeen(viewerId);
  const unseen = useUnseenMessages().data;
  const counted = [...(unseen?.conversations ?? []), ...(unseen?.scrimChats ?? [])].some(
    (c) => c.conversationId === conversationId && c.count > 0,
  );
  const unseenLoaded = Boolean(messages?.some((m) => m._sender._id !== viewerId && !m._seenBy.includes(viewerId)));
  const { mutate } = markSeen;
  // One try per state of the list: a refused call is not repeated in a loop.
  const attempted = useRef('');

  useEffect(() => {
    if (!conversationId || !visible || !messages || !(counted || unseenLoaded)) return;
    const attempt = `${conversationId}:${messages.length}:${counted}`;
    if (attempted.current === attempt) return;
    attempted.current = attempt;
    mutate({ conversationId, scrimId });
  }, [conversationId, scrimId, visible, messages, counted, unseenLoaded, mutate]);
}
