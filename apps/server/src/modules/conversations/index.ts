/**
 * Conversations: direct conversations and scrims' chat rooms, who may use them, and their start. Messages
 * builds on it; it imports friends, presence and notifications only through their index.
 */
export { conversationsRoutes } from './conversations.routes.js';
export {
  assertMayStartConversation,
  authorizeConversation,
  openDirectConversation,
  openScrimConversation,
  presentConversationFor,
  publishOpenedConversation,
  type ConversationAccess,
  type ConversationDeps,
  type OpenedConversation,
} from './conversations.service.js';
