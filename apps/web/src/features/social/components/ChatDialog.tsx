import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import { useId, type ReactNode } from 'react';
import type { Message } from '@scrim-gym/shared';
import { ChatBox } from './ChatBox';
import { DialogHeader } from './DialogHeader';
import { MessageList } from './MessageList';

/** A chat window: the direct 'Messenger Chat' and a scrim's '{title} | Chat' share it. */
export function ChatDialog({
  open,
  title,
  subtitle,
  messages,
  loading,
  viewerId,
  seenBy,
  canSend,
  onSend,
  onClose,
}: {
  open: boolean;
  title: string;
  subtitle?: ReactNode;
  messages: Message[] | undefined;
  loading: boolean;
  viewerId: string;
  seenBy?: string;
  canSend: boolean;
  onSend: (text: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogHeader id={`${id}-title`} title={title} onClose={onClose} dense={Boolean(subtitle)} />
      {subtitle && <Box sx={{ px: 3, pb: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>{subtitle}</Box>}
      <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
        <MessageList messages={messages} viewerId={viewerId} seenBy={seenBy} label={title} loading={loading} />
      </Box>
      <ChatBox onSend={onSend} disabled={!canSend} autoFocus />
    </Dialog>
  );
}
