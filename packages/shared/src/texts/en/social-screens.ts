import { count } from './plural.js';

/**
 * Texts of the social screens that are not in SOCIAL_MESSAGES (social.ts): accessible names, labels and our own
 * wording. A module of their own: only the social chunk shows them, and a bundler places a whole module in one
 * chunk, so beside SOCIAL_MESSAGES they would load with every profile too.
 */
export const SOCIAL_TEXTS = {
  /** Shown under the message box as a message nears MESSAGE_MAX_LENGTH: '1,850 / 2,000'. */
  charactersUsed: (used: number, max: number) => `${used.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`,
  charactersUsedLabel: (used: number, max: number) => `${used} of ${max} characters`,
  search: 'Search users',
  searchPlaceholder: 'Search summoners',
  openSearch: 'Open user search',
  closeSearch: 'Close user search',
  messenger: 'Messenger',
  messengerUnseen: (n: number) => `Messenger, ${count(n, 'unseen message')}`,
  notifications: 'Notifications',
  notificationsCount: (n: number) => `Notifications, ${n} unread`,
  conversations: 'Conversations',
  noConversations: 'No conversations yet',
  friendsWithoutConversation: 'Friends',
  startConversationWith: (name: string) => `Start a conversation with ${name}`,
  unseenSuffix: ' unseen',
  volume: 'Volume',
  send: 'Send',
  markAsRead: 'Mark as read',
  accept: 'Accept',
  reject: 'Reject',
  acceptFrom: (name: string) => `Accept ${name}'s friend request`,
  rejectFrom: (name: string) => `Reject ${name}'s friend request`,
  message: 'Message',
  seen: 'Seen',
  you: 'You',
  loading: 'Loading…',
  noMessages: 'No messages yet: say hi!',
  scrimChat: 'Scrim chat',
  scrimChatUnread: (n: number) => `Scrim chat, ${n} unread`,
  inChat: (n: number) => `${n} in this chat`,
  openScrim: 'Open scrim',
  friendRequestsBadge: (n: number) => `${n} pending`,
} as const;
