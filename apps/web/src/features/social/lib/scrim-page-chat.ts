/** The scrim page docks its chat beside the lobby from this window width on; below it the chat is a bottom sheet. */
export const SCRIM_CHAT_DOCK_MIN_WIDTH = 1024;

/** The scrim page's chat panel or sheet, which its 'Scrim chat' button controls. */
export const SCRIM_CHAT_PANEL_ID = 'scrim-chat';
/** That button on the scrim page, which gets the focus back when the docked panel closes. */
export const SCRIM_CHAT_BUTTON_ID = 'scrim-chat-button';

/**
 * Whether this browser keeps the scrim chat docked open on scrim pages: opening or closing the docked panel
 * sets it, and the next scrim page opens its panel when it is set. The bottom sheet never opens by itself: it
 * would cover the page on a phone.
 */
export const SCRIM_CHAT_DOCKED_STORAGE_KEY = 'scrimgym:scrim-chat-docked';

export function isScrimChatDockedRemembered() {
  try {
    return localStorage.getItem(SCRIM_CHAT_DOCKED_STORAGE_KEY) === 'open';
  } catch {
    return false;
  }
}

export function rememberScrimChatDocked(open: boolean) {
  try {
    if (open) localStorage.setItem(SCRIM_CHAT_DOCKED_STORAGE_KEY, 'open');
    else localStorage.removeItem(SCRIM_CHAT_DOCKED_STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the panel simply starts closed next time.
  }
}
