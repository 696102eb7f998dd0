/**
 * Asks the messenger to open the conversation with a user ("message" buttons outside the messenger, e.g. the
 * friends dialog on a profile). A window event keeps the caller free of the lazy messenger chunk: the
 * messenger listens with `onOpenChatRequest` once it is loaded.
 */
export interface OpenChatRequest {
  userId: string;
  name: string;
}

const OPEN_CHAT_EVENT = 'scrimgym:open-chat';

export function requestOpenChat(request: OpenChatRequest) {
  window.dispatchEvent(new CustomEvent<OpenChatRequest>(OPEN_CHAT_EVENT, { detail: request }));
}

/** Subscribes the messenger; returns the unsubscribe function (for a useEffect cleanup). */
export function onOpenChatRequest(listener: (request: OpenChatRequest) => void) {
  const handle = (event: Event) => listener((event as CustomEvent<OpenChatRequest>).detail);
  window.addEventListener(OPEN_CHAT_EVENT, handle);
  return () => window.removeEventListener(OPEN_CHAT_EVENT, handle);
}
