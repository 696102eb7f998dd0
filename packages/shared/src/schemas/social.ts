import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, NOTIFICATION_MESSAGE_MAX, PRESENCE_WATCH_MAX, REGIONS } from '../constants.js';
import { SOCIAL_MESSAGES } from '../texts/en/social.js';
import type { ErrorCode } from '../error-codes.js';
import { errorCodeSchema, idSchema, isoDateTime } from './common.js';

/*
 * The social contract (friends, notifications, conversations, messages, scrim chat, presence). Paths
 * are under /api. Identity always comes from the session: every id the client sends for
 * itself (`currentUserId`, `senderId`, `userId` in scrimChatOpen…) is compared with it, 403 on a mismatch.
 */

// ----------------------------------------------------------------------------------------------------------------
// Building blocks
// ----------------------------------------------------------------------------------------------------------------

/** What the social features show of a user: enough for a row with a name, a tag, a rank and a profile link. */
export const socialUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  summonerTagline: z.string(),
  region: z.enum(REGIONS),
  rank: z.string(),
});
export type SocialUser = z.infer<typeof socialUserSchema>;

/**
 * An id in a social path or body, lower-cased: ids are compared with the session user's and ordered (a
 * friendship stores the smaller id first), so 'ABC…' and 'abc…' must be the same id.
 */
export const socialIdSchema = idSchema.transform((id) => id.toLowerCase());

export const socialIdParamsSchema = z.object({ id: socialIdSchema });
export const userIdParamsSchema = z.object({ userId: socialIdSchema });
export const scrimIdParamsSchema = z.object({ scrimId: socialIdSchema });
export const conversationIdParamsSchema = z.object({ conversationId: socialIdSchema });

/** The text of a message: not blank, at most MESSAGE_MAX_LENGTH characters, stored and returned verbatim. */
export const messageTextSchema = z
  .string({ error: SOCIAL_MESSAGES.messageEmpty })
  .max(MESSAGE_MAX_LENGTH, SOCIAL_MESSAGES.messageTooLong)
  .refine((text) => text.trim().length > 0, SOCIAL_MESSAGES.messageEmpty);

// ----------------------------------------------------------------------------------------------------------------
// Friends
// ----------------------------------------------------------------------------------------------------------------

/** A pending friend request; `_user` is the user who sent it. */
export const friendRequestSchema = z.object({
  _id: z.string(),
  _user: socialUserSchema,
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/** GET /friend-requests → the requests the session user received, newest first. */
export const friendRequestsResponseSchema = z.array(friendRequestSchema);

/**
 * Where the session user stands with another user, for the profile button: 'none' → 'Send Friend Request',
 * 'sent' → 'Friend Request Sent' (disabled; cancel possible), 'received' → accept / reject, 'friends' → 'Unfriend'.
 */
export const FRIEND_STATUSES = ['none', 'sent', 'received', 'friends', 'self'] as const;
export const friendStatusSchema = z.enum(FRIEND_STATUSES);
export type FriendStatus = z.infer<typeof friendStatusSchema>;

/**
 * `friendshipChanged`, to both users' rooms after a friend change commits: `status` is where the receiver now
 * stands with `userId` (the other user), so an open profile, friends list or requests dialog updates live.
 */
export const friendshipChangedPayloadSchema = z.object({ userId: z.string(), status: friendStatusSchema });
export type FriendshipChangedPayload = z.infer<typeof friendshipChangedPayloadSchema>;

/** GET /friend-requests/check-friend-request-sent/:userId */
export const friendStatusResponseSchema = z.object({
  status: friendStatusSchema,
  /** The spec's question: true when the session user has a pending request to :userId. */
  friendRequestSent: z.boolean(),
});
export type FriendStatusResponse = z.infer<typeof friendStatusResponseSchema>;

/** POST /friend-requests/send-friend-request/:userId/:currentUserId (currentUserId must be the session user). */
export const sendFriendRequestParamsSchema = z.object({ userId: socialIdSchema, currentUserId: socialIdSchema });

/** Returned by notification endpoints and pushed live as `getNotification`. See NOTIFICATION_KINDS below. */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'conversation_start',
  'scrim_alert',
  'general',
  /** A host or admin put the user into a scrim they did not choose: they may leave at no cost, or confirm. */
  'scrim_placed',
  /** An admin decided a disputed result: the outcome, the reason and the player's own rating change. */
  'result_decided',
  /**
   * About the scrim board or a team series (a request, the booking, a lineup reminder, a side, the end, a cancel):
   * a click opens the series' page (`_relatedSeries`), or the board when no series exists yet.
   */
  'series_alert',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
/** The kinds about a scrim: a click opens the scrim page, and a subscribed device gets them as push messages. */
export const isScrimNotificationKind = (kind: NotificationKind) =>
  kind === 'scrim_alert' || kind === 'scrim_placed' || kind === 'result_decided';
export type NotificationKind = z.infer<typeof notificationKindSchema>;
/** The kinds a subscribed device gets as push messages: the scrim kinds and the board's and series'. */
export const isPushedNotificationKind = (kind: NotificationKind) =>
  isScrimNotificationKind(kind) || kind === 'series_alert';

export const notificationSchema = z.object({
  _id: z.string(),
  kind: notificationKindSchema,
  /** Plain text; render as text, never as HTML. */
  message: z.string(),
  createdAt: z.string(),
  /** The spec's other name for createdAt (same value). */
  createdDate: z.string(),
  _relatedUser: socialUserSchema.nullable(),
  _relatedScrim: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** The team series a 'series_alert' is about. */
  _relatedSeries: z.object({ _id: z.string() }).nullable(),
  /** The conversation's _id for a conversation start. */
  conversation: z.string().nullable(),
  // The spec's flags, derived from `kind`: a click opens the friend requests dialog, the scrim page, the
  // conversation, or (friend_accepted) the friend's profile.
  isFriendRequest: z.boolean(),
  isScrimAlert: z.boolean(),
  isConversationStart: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * 201 from send-friend-request. Normally a new request plus the notification the receiver got. When the other
 * user had already sent the session user a request, sending accepts it instead: `newFriendRequest` is null,
 * `status` is 'friends' and `newNotification` is the 'You and {name} are now friends!' of the other user.
 */
export const sendFriendRequestResponseSchema = z.object({
  newFriendRequest: friendRequestSchema.nullable(),
  newNotification: notificationSchema.nullable(),
  status: friendStatusSchema,
});
export type SendFriendRequestResponse = z.infer<typeof sendFriendRequestResponseSchema>;

/** POST /friend-requests/accept-request/:userId (userId: the session user) {newFriendUserId: the sender}. */
export const acceptFriendRequestBodySchema = z.object({ newFriendUserId: socialIdSchema });
export const acceptFriendRequestResponseSchema = z.object({
  updatedUserFriends: z.array(socialUserSchema),
  friendRequests: z.array(friendRequestSchema),
});
export type AcceptFriendRequestResponse = z.infer<typeof acceptFriendRequestResponseSchema>;

/** POST /friend-requests/:userId/reject-friend-request/:senderId (userId: the session user; senderId: a user id). */
export const rejectFriendRequestParamsSchema = z.object({ userId: socialIdSchema, senderId: socialIdSchema });
export const friendRequestListResponseSchema = z.object({ friendRequests: z.array(friendRequestSchema) });
export type FriendRequestListResponse = z.infer<typeof friendRequestListResponseSchema>;

/** POST /friend-requests/cancel-friend-request/:userId (userId: whom the session user had sent it to). */
export const cancelFriendRequestResponseSchema = z.object({ status: friendStatusSchema });

/** GET /friends/user-friends/:userId → any user's friends, sorted by name. */
export const userFriendsResponseSchema = z.object({ friends: z.array(socialUserSchema) });
export type UserFriendsResponse = z.infer<typeof userFriendsResponseSchema>;

/** POST /friends/unfriend-user {friendUserId} → the session user's remaining friends. */
export const unfriendBodySchema = z.object({ friendUserId: socialIdSchema });
export const unfriendResponseSchema = z.object({ userFriends: z.array(socialUserSchema) });
export type UnfriendResponse = z.infer<typeof unfriendResponseSchema>;

// ----------------------------------------------------------------------------------------------------------------
// Notifications
// ----------------------------------------------------------------------------------------------------------------

/** GET /notifications/user-notifications, and every notification POST: the session user's, newest first. */
export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/**
 * POST /notifications/push-user-notification/:id: a reminder the session user writes for themselves (:id must
 * be their own id, 403 otherwise). Notifications for other users are only ever created by the server, as a
 * consequence of an action (friend request, acceptance, conversation start, scrim start).
 */
export const pushNotificationBodySchema = z.object({
  message: z
    .string({ error: SOCIAL_MESSAGES.notificationEmpty })
    .trim()
    .min(1, { error: SOCIAL_MESSAGES.notificationEmpty, abort: true })
    .max(NOTIFICATION_MESSAGE_MAX, SOCIAL_MESSAGES.notificationTooLong),
});

// ----------------------------------------------------------------------------------------------------------------
// Conversations and messages
// ----------------------------------------------------------------------------------------------------------------

export const messageSenderSchema = z.object({ _id: z.string(), name: z.string(), rank: z.string() });

/**
 * A message; `text` is plain text, to be rendered as text. Pushed live as `getMessage` to the receiver's and to
 * the sender's tabs (so every tab of both shows it): dedupe by `_id`, and play the sound only when
 * `_sender._id` is not the current user.
 */
export const messageSchema = z.object({
  _id: z.string(),
  text: z.string(),
  _sender: messageSenderSchema,
  /** The other member of a direct conversation; null in a scrim chat. */
  _receiver: z.string().nullable(),
  _conversation: z.string(),
  /** Ids of users other than the sender who have seen it (direct: the receiver; scrim chat: only the viewer). */
  _seenBy: z.array(z.string()),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  _id: z.string(),
  kind: z.enum(['direct', 'scrim']),
  /** The two users of a direct conversation; empty for a scrim chat. */
  members: z.array(socialUserSchema),
  scrim: z.object({ _id: z.string(), title: z.string() }).nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string().nullable(),
  /** Messages in it the session user has not seen (their own excluded). */
  unseenCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /conversations/user → the session user's direct conversations, last message first. */
export const conversationsResponseSchema = z.array(conversationSchema);

/** GET /conversations/find/:a/:b (one of them must be the session user) → the conversation, or null. */
export const findConversationParamsSchema = z.object({ a: socialIdSchema, b: socialIdSchema });
export const findConversationResponseSchema = z.object({ conversation: conversationSchema.nullable() });

/**
 * POST /conversations {senderId, receiverId, text?}: the direct conversation of two friends (the existing one,
 * 200, or a new one, 201). With `text`, its first message is sent in the same transaction (the spec's
 * 'Start a new conversation' flow); the receiver gets `getConversation`, `getMessage` and a notification.
 */
export const createConversationBodySchema = z.object({
  senderId: socialIdSchema.optional(),
  receiverId: socialIdSchema,
  text: messageTextSchema.optional(),
});
export type CreateConversationBody = z.infer<typeof createConversationBodySchema>;

/** POST /messages → 201 the message. The receiver is the conversation's other member (a given one must match). */
export const sendMessageBodySchema = z.object({
  conversationId: socialIdSchema,
  text: messageTextSchema,
  receiverId: socialIdSchema.optional(),
  senderId: socialIdSchema.optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** GET /messages/:conversationId?before&limit → up to `limit` messages before `before`, oldest first. */
export const messagesQuerySchema = z.object({
  before: isoDateTime().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const messagesResponseSchema = z.array(messageSchema);

/** POST /messages/post-seen/:id (:id a conversation id): marks all its messages seen by the session user. */
export const postSeenResponseSchema = z.object({ conversationId: z.string(), markedSeen: z.number().int() });
export type PostSeenResponse = z.infer<typeof postSeenResponseSchema>;

/** GET /messages/verifiedUser/unseen-messages → unseen counts per direct conversation and per scrim chat. */
export const unseenMessagesResponseSchema = z.object({
  total: z.number().int(),
  conversations: z.array(z.object({ conversationId: z.string(), count: z.number().int() })),
  scrimChats: z.array(z.object({ scrimId: z.string(), conversationId: z.string(), count: z.number().int() })),
});
export type UnseenMessages = z.infer<typeof unseenMessagesResponseSchema>;

// ----------------------------------------------------------------------------------------------------------------
// Socket payloads (event names in events.ts). Client events are validated; bad ones are acked with an error.
// ----------------------------------------------------------------------------------------------------------------

/** Presence of one user: online while any of their sockets is connected, on any instance. */
export const presenceSchema = z.object({
  _id: z.string(),
  isOnline: z.boolean(),
  lastSeenAt: z.string().nullable(),
});
export type Presence = z.infer<typeof presenceSchema>;
/** `getUsers`: presence entries to merge by _id (a snapshot after addUser / watchPresence, then changes). */
export const getUsersPayloadSchema = z.array(presenceSchema);

/** `watchPresence` {userIds}: the players a page shows; replaces the socket's previous watch list. */
export const watchPresencePayloadSchema = z.object({ userIds: z.array(socialIdSchema).max(PRESENCE_WATCH_MAX) });

/** `scrimChatOpen` / `scrimChatClose` {scrimId, userId?}: userId, when sent, must be the socket's user. */
export const scrimChatPayloadSchema = z.object({ scrimId: socialIdSchema, userId: socialIdSchema.optional() });
/** `getScrimusers`: who has the scrim's chat open now (user ids, deduplicated over tabs and instances). */
export const scrimChatUsersPayloadSchema = z.object({ scrimId: z.string(), userIds: z.array(z.string()) });
export type ScrimChatUsers = z.infer<typeof scrimChatUsersPayloadSchema>;

/** `sendMessage` over the socket: the same rules as POST /messages; acked with the message. */
export const sendMessagePayloadSchema = sendMessageBodySchema;
/** `sendScrimMessage` {scrimId, text}: acked with the message. */
export const sendScrimMessagePayloadSchema = z.object({ scrimId: socialIdSchema, text: messageTextSchema });

/** `getScrimMessage`: a new message in a scrim's chat (to the open chat and to the scrim's players and casters). */
export const scrimMessagePayloadSchema = z.object({ scrimId: z.string(), message: messageSchema });
export type ScrimMessagePayload = z.infer<typeof scrimMessagePayloadSchema>;

/** `getMessagesSeen`: a member saw the conversation's messages (clears unseen counts on every tab of both). */
export const messagesSeenPayloadSchema = z.object({
  conversationId: z.string(),
  userId: z.string(),
  seenAt: z.string(),
});
export type MessagesSeenPayload = z.infer<typeof messagesSeenPayloadSchema>;

/** The acknowledgement of a client event that asked for one. */
export const socketAckSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: z.string(), code: errorCodeSchema }),
]);
export type SocketAck<T = unknown> = { ok: true; data?: T } | { ok: false; error: string; code: ErrorCode };
