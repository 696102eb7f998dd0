import { useSyncExternalStore } from 'react';
/**
 * The chat on screen: a direct conversation ('Messenger Chat') or a scrim's chat room ('{title} | Chat'). A scrim
 * chat opened on the scrim's own page (`onScrimPage`) sits there beside the lobby or as a bottom sheet
 * (ScrimChatPanel); one opened from a hub card is a dialog.
 */
export type ChatTarget =
  { kind: 'direct'; conversationId: string } | { kind: 'scrim'; scrimId: string; title: string; onScrimPage?: boolean };

/** Whom a conversation is started with: a friend from the messenger, or a 'message' request from elsewhere. */
export interface ConversationPartner {
  _id: string;
  name: string;
}

export interface SocialUi {
  friendRequestsOpen: boolean;
  notificationsOpen: boolean;
  chat: ChatTarget | null;
  /** The friend of the 'Start a new conversation' dialog. */
  startConversationWith: ConversationPartner | null;
}

const CLOSED: SocialUi = {
  friendRequestsOpen: false,
  notificationsOpen: false,
  chat: null,
  startConversationWith: null,
};

/**
 * Which social dialog is open. A module store rather than React state: the dialogs live in the navigation bar's
 * lazy chunk, but the drawer and the scrim page open them, and the socket listeners need to know which chat is
 * on screen (its messages are seen at once, the others count as unseen).
 */
let state = CLOSED;
const listeners = new Set<() => void>();

export const getSocialUi = () => state;

export function updateSocialUi(patch: Partial<SocialUi>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSocialUi = () => useSyncExternalStore(subscribe, getSocialUi, getSocialUi);

export const openFriendRequests = () => updateSocialUi({ friendRequestsOpen: true, notificationsOpen: false });
/** One dialog at a time: opening a chat closes the lists it was opened from. */
export const openChat = (chat: ChatTarget) =>
  updateSocialUi({ chat, notificationsOpen: false, friendRequestsOpen: false, startConversationWith: null });

/** The scrim page's own chat of this scrim, when it is the one on screen. */
export const isScrimPageChatOpen = (ui: SocialUi, scrimId: string) =>
  ui.chat?.kind === 'scrim' && ui.chat.onScrimPage === true && ui.chat.scrimId === scrimId;

/** Whether the chat of this conversation (direct) or scrim is the one on screen. */
export function isChatOnScreen({ conversationId, scrimId }: { conversationId?: string; scrimId?: string }) {
  const { chat } = state;
  if (!chat || document.visibilityState === 'hidden') return false;
  return chat.kind === 'direct' ? chat.conversationId === conversationId : chat.scrimId === scrimId;
}

/** Back to no dialog (tests, log out). */
export const resetSocialUi = () => updateSocialUi(CLOSED);
