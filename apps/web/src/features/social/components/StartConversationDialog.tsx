import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { SOCIAL_MESSAGES, SOCIAL_TEXTS } from '@scrim-gym/shared';
import { useAlert } from '../../alerts/alert-context';
import { useStartConversation } from '../api/conversations';
import type { ConversationPartner } from '../store';
import { ChatBox } from './ChatBox';
import { DialogHeader } from './DialogHeader';

/** 'Start a new conversation': a message box plus a send button; the first message is required. */
export function StartConversationDialog({ friend, onClose }: { friend: ConversationPartner; onClose: () => void }) {
  const id = useId();
  const showAlert = useAlert();
  const start = useStartConversation();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogHeader id={`${id}-title`} title={SOCIAL_MESSAGES.startConversationTitle} onClose={onClose} />
      <DialogContent sx={{ pt: 0, pb: 1 }}>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {SOCIAL_TEXTS.startConversationWith(friend.name)}
        </Typography>
      </DialogContent>
      <ChatBox
        autoFocus
        disabled={start.isPending}
        onSend={(text) => start.mutateAsync({ friend, text })}
        onEmpty={() => showAlert({ type: 'Error', message: SOCIAL_MESSAGES.noMessageProvided })}
      />
    </Dialog>
  );
}
