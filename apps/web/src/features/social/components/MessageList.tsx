import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef } from 'react';
import { CHAT_LIST_HEIGHT_PX, SOCIAL_TEXTS, type Message } from '@scrim-gym/shared';
import { formatMessageTime } from '../lib/format';
import { splitLinks } from '../lib/links';

/** The id of the viewer's latest message that `seenBy` has seen: the 'Seen' mark goes under it. */
export function lastSeenMessageId(messages: Message[], viewerId: string, seenBy: string | undefined) {
  if (!seenBy) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message._sender._id === viewerId && message._seenBy.includes(seenBy)) return message._id;
  }
  return null;
}

/**
 * A chat's messages (300 px tall, or the height left by the window around it: `fill`), oldest first, kept scrolled to the newest. Text is rendered as text:
 * what a user typed never becomes markup; its http(s) addresses become links that open in a new tab.
 */
export function MessageList({
  messages,
  viewerId,
  seenBy,
  label,
  loading,
  fill = false,
}: {
  messages: Message[] | undefined;
  viewerId: string;
  /** A direct chat's partner: their seen mark is shown under the viewer's latest message they saw. */
  seenBy?: string;
  label: string;
  loading: boolean;
  /** Takes the height its flex column leaves (the scrim page's docked panel and sheet). */
  fill?: boolean;
}) {
  const list = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;
  useLayoutEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);
  const seenId = messages ? lastSeenMessageId(messages, viewerId, seenBy) : null;

  return (
    <Box
      ref={list}
      role="log"
      aria-label={label}
      aria-busy={loading}
      tabIndex={0}
      sx={{
        ...(fill ? { flexGrow: 1, flexBasis: 0, minHeight: 0 } : { height: CHAT_LIST_HEIGHT_PX }),
        overflowY: 'auto',
        px: 2,
        py: 1.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {loading && <Typography color="text.secondary">{SOCIAL_TEXTS.loading}</Typography>}
      {!loading && count === 0 && (
        <Typography color="text.secondary" sx={{ m: 'auto' }}>
          {SOCIAL_TEXTS.noMessages}
        </Typography>
      )}
      {messages?.map((message) => {
        const mine = message._sender._id === viewerId;
        return (
          <Box key={message._id} sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ textAlign: mine ? 'right' : 'left' }}
            >
              {mine ? SOCIAL_TEXTS.you : message._sender.name} · {formatMessageTime(message.createdAt)}
            </Typography>
            <Typography
              sx={{
                px: 1.5,
                py: 0.75,
                borderRadius: 2,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                bgcolor: mine ? 'rgba(200,170,110,0.18)' : 'rgba(255,255,255,0.07)',
              }}
            >
              <MessageText text={message.text} />
            </Typography>
            {message._id === seenId && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'right' }}>
                {SOCIAL_TEXTS.seen}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** A message's text with its web addresses as links (a new tab, no referrer, no opener, no preview). */
function MessageText({ text }: { text: string }) {
  return splitLinks(text).map((part, index) =>
    'href' in part ? (
      <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer" underline="always">
        {part.text}
      </Link>
    ) : (
      part.text
    ),
  );
}
