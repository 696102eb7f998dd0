import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DialogCloseButton } from '../../../components/DialogCloseButton';
import { useScrimChat } from '../hooks/useScrimChat';
import { SCRIM_CHAT_BUTTON_ID } from '../lib/scrim-page-chat';
import { ChatBox } from './ChatBox';
import { MessageList } from './MessageList';

/** Below the navigation bar (64 px) when it shows, with a margin. */
const DOCKED_TOP_PX = 80;
/** The window's height less the bar and the page's top and bottom margins: the whole panel is in view. */
const DOCKED_HEIGHT = 'calc(100dvh - 112px)';

/**
 * The scrim page's chat, '{title} | Chat': `docked`, a region beside the lobby as tall as the window; otherwise a
 * bottom sheet over 70 % of the height (drag it down, Escape or Close shut it; Escape and Close shut the panel too) with the lobby still in sight
 * above it. In both the message list fills the height the window leaves it, and the box takes the focus.
 */
export function ScrimChatPane({
  id,
  docked,
  viewerId,
  scrimId,
  title,
  onClose,
}: {
  id: string;
  docked: boolean;
  viewerId: string;
  scrimId: string;
  title: string;
  onClose: () => void;
}) {
  const chat = useScrimChat({ viewerId, scrimId, title, onClose });
  const titleId = useId();
  // The sheet's modal gives the focus back to the button that opened it; the docked panel does the same.
  const closeDocked = () => {
    onClose();
    document.getElementById(SCRIM_CHAT_BUTTON_ID)?.focus();
  };
  const body = (
    <>
      <Box sx={{ position: 'relative', px: 2, pt: docked ? 1.5 : 0.5, pb: 1, pr: 7 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere', lineHeight: 1.4 }}>
          {chat.title}
        </Typography>
        {chat.subtitle}
        <DialogCloseButton onClose={docked ? closeDocked : onClose} />
      </Box>
      <Box
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          flex: '1 1 0',
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        <MessageList messages={chat.messages} viewerId={viewerId} label={chat.title} loading={chat.loading} fill />
      </Box>
      <ChatBox onSend={chat.onSend} disabled={!chat.canSend} autoFocus />
    </>
  );

  if (docked)
    return (
      <Paper
        component="section"
        id={id}
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') closeDocked();
        }}
        variant="outlined"
        sx={{
          position: 'sticky',
          top: DOCKED_TOP_PX,
          height: DOCKED_HEIGHT,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
        }}
      >
        {body}
      </Paper>
    );

  return (
    <SwipeableDrawer
      anchor="bottom"
      open
      onClose={onClose}
      onOpen={() => {}}
      disableSwipeToOpen
      slotProps={{
        // A light veil: the lobby stays readable above the sheet.
        backdrop: { sx: { bgcolor: 'rgba(0, 0, 0, 0.3)' } },
        paper: {
          id,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: {
            height: '70dvh',
            borderTopLeftRadius: 16,
            borderTopRightRadius: 16,
            display: 'flex',
            flexDirection: 'column',
          },
        },
      }}
    >
      {/* The drag handle: the sheet follows a finger dragging it down. */}
      <Box aria-hidden sx={{ width: 40, height: 5, borderRadius: 3, bgcolor: 'text.disabled', mx: 'auto', my: 1 }} />
      {body}
    </SwipeableDrawer>
  );
}
