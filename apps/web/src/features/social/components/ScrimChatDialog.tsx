import { useScrimChat } from '../hooks/useScrimChat';
import { ChatDialog } from './ChatDialog';

/** A scrim's chat room opened from a hub card: a dialog titled '{title} | Chat', live through `getScrimMessage`. */
export function ScrimChatDialog({
  viewerId,
  scrimId,
  title,
  onClose,
}: {
  viewerId: string;
  scrimId: string;
  title: string;
  onClose: () => void;
}) {
  const chat = useScrimChat({ viewerId, scrimId, title, onClose });
  return <ChatDialog open {...chat} onClose={onClose} />;
}
