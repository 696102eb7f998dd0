import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useMinWidth } from '../../../lib/use-min-width';
import { useCurrentUser } from '../../auth/api/session';
import {
  isScrimChatDockedRemembered,
  rememberScrimChatDocked,
  SCRIM_CHAT_DOCK_MIN_WIDTH,
  SCRIM_CHAT_PANEL_ID,
} from '../lib/scrim-page-chat';
import { getSocialUi, isScrimPageChatOpen, openChat, updateSocialUi, useSocialUi } from '../store';

// The panel and sheet load with the social dialogs, at the first open: the hub never needs them.
const ScrimChatPane = lazy(() => import('../dialogs').then((m) => ({ default: m.ScrimChatPane })));

/** The docked panel's width; the lobby column takes the rest. */
const DOCKED_WIDTH_PX = 360;

const closeChat = () => updateSocialUi({ chat: null });

/**
 * The scrim page's chat, opened and closed by the card's 'Scrim chat' button: from SCRIM_CHAT_DOCK_MIN_WIDTH on,
 * a column docked right of the lobby (and open again on the next scrim page if it was left open); below it, a
 * bottom sheet. Leaving the page closes it, which leaves the room.
 */
export function ScrimChatPanel({ scrimId, title }: { scrimId: string; title: string }) {
  const { user } = useCurrentUser();
  const open = isScrimPageChatOpen(useSocialUi(), scrimId);
  const docked = useMinWidth(SCRIM_CHAT_DOCK_MIN_WIDTH);

  useEffect(() => {
    if (docked && isScrimChatDockedRemembered() && !getSocialUi().chat)
      openChat({ kind: 'scrim', scrimId, title, onScrimPage: true });
  }, [docked, scrimId, title]);

  // Opening and closing the docked panel is remembered; leaving the page unmounts it without a close.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (docked && open !== wasOpen.current) rememberScrimChatDocked(open);
    wasOpen.current = open;
  }, [docked, open]);

  useEffect(
    () => () => {
      if (isScrimPageChatOpen(getSocialUi(), scrimId)) closeChat();
    },
    [scrimId],
  );

  if (!open || !user) return null;
  const pane = (
    <Suspense>
      <ScrimChatPane
        id={SCRIM_CHAT_PANEL_ID}
        docked={docked}
        viewerId={user._id}
        scrimId={scrimId}
        title={title}
        onClose={closeChat}
      />
    </Suspense>
  );
  if (!docked) return pane;
  return <Box sx={{ width: DOCKED_WIDTH_PX, flexShrink: 0, py: 4, pr: 2 }}>{pane}</Box>;
}
