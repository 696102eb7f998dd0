/**
 * Messages, the top social layer: sending (with the per-user budget), reading, seen marks, unseen counts, and
 * starting a conversation with its first message. Imports conversations and friends through their index.
 */
export { MESSAGE_BURST, messageLimiterPlugin } from './messages.rate-limit.js';
export { messagesRoutes } from './messages.routes.js';
export { registerMessageSocketHandlers } from './messages.socket.js';
