import {
  ACCOUNT_DELETION_MESSAGES,
  SOCIAL_MESSAGES,
  type Message,
  type PostSeenResponse,
  type UnseenMessages,
} from '@scrim-gym/shared';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { SocialViewer } from '../conversations/conversations.policy.js';
import { findScrimParticipantIds } from '../conversations/conversations.repository.js';
import {
  authorizeConversation,
  openScrimConversation,
  type ConversationAccess,
  type SocialDeps,
} from '../conversations/conversations.service.js';
import { assertSelf } from '../friends/friends.policy.js';
import { findSocialUser } from '../friends/friends.repository.js';
import { publishDirectMessage, publishScrimMessage, publishSeen } from './messages.events.js';
import { presentMessage } from './messages.presenter.js';
import { assertMessageBudget } from './messages.rate-limit.js';
import {
  findMessages,
  findSeenBy,
  findSender,
  findUnseenDirectCounts,
  findUnseenScrimCounts,
  insertMessage,
  markConversationSeen,
} from './messages.repository.js';

const wrongReceiver = () => badRequest(SOCIAL_MESSAGES.wrongReceiver, 'WRONG_RECEIVER');

/**
 * Writes a message in a conversation the viewer was allowed into, within the user's message budget, then
 * sends it live: `getMessage` to both members of a direct conversation, `getScrimMessage` to a scrim's chat.
 * The text is stored exactly as given (plain text; the clients render it as text).
 */
async function writeMessage({
  deps,
  viewer,
  access,
  text,
  receiverId,
}: {
  deps: SocialDeps;
  viewer: SocialViewer;
  access: ConversationAccess;
  text: string;
  receiverId?: string;
}): Promise<Message> {
  const receiver = access.kind === 'direct' ? access.memberIds.find((id) => id !== viewer.id)! : null;
  if (receiverId !== undefined && receiverId !== receiver) throw wrongReceiver();
  // A deleted account stays in the chat as 'Deleted player', but nobody writes to it any more.
  if (receiver && !(await findSocialUser({ db: deps.db, id: receiver }))) {
    throw conflict(ACCOUNT_DELETION_MESSAGES.receiverDeleted, 'RECEIVER_DELETED');
  }
  await assertMessageBudget({ limiter: deps.limiter, userId: viewer.id });
  const row = await insertMessage({
    db: deps.db,
    conversationId: access.conversation.id,
    senderId: viewer.id,
    receiverId: receiver,
    text,
  });
  const message = presentMessage({ message: row, sender: await findSender({ db: deps.db, id: viewer.id }) });
  if (access.kind === 'direct') {
    publishDirectMessage({ io: deps.io, message });
  } else {
    const participantIds = await findScrimParticipantIds({ db: deps.db, scrimId: access.scrimId });
    publishScrimMessage({ io: deps.io, scrimId: access.scrimId, participantIds, message });
  }
  return message;
}

/** POST /messages and the socket's sendMessage. senderId, when sent, must be the session user. */
export async function sendMessage({
  deps,
  viewer,
  conversationId,
  text,
  receiverId,
  senderId,
}: {
  deps: SocialDeps;
  viewer: SocialViewer;
  conversationId: string;
  text: string;
  receiverId?: string;
  senderId?: string;
}) {
  if (senderId !== undefined) assertSelf(viewer.id, senderId);
  const access = await authorizeConversation({ db: deps.db, viewer, conversationId });
  return writeMessage({ deps, viewer, access, text, receiverId });
}

/** The socket's sendScrimMessage {scrimId, text}: into the scrim's chat room (created on first use). */
export async function sendScrimMessage({
  deps,
  viewer,
  scrimId,
  text,
}: {
  deps: SocialDeps;
  viewer: SocialViewer;
  scrimId: string;
  text: string;
}) {
  const { access } = await openScrimConversation({ db: deps.db, viewer, scrimId });
  return writeMessage({ deps, viewer, access, text });
}

/** GET /messages/:conversationId: members (or the scrim chat rule) only. */
export async function listMessages({
  db,
  viewer,
  conversationId,
  before,
  limit,
}: {
  db: DbOrTx;
  viewer: SocialViewer;
  conversationId: string;
  before?: Date;
  limit: number;
}) {
  const access = await authorizeConversation({ db, viewer, conversationId });
  const rows = await findMessages({ db, conversationId, before, limit });
  const seen = await findSeenBy({
    db,
    messageIds: rows.map((r) => r.message.id),
    // A scrim chat can have many readers: each sees only their own seen marks.
    userIds: access.kind === 'direct' ? access.memberIds : [viewer.id],
  });
  return rows.map((row) => presentMessage(row, seen.get(row.message.id) ?? []));
}

/**
 * POST /messages/post-seen/:id (a conversation id): everything in it is now seen by the session user. The
 * members' tabs (in a scrim chat, the user's own) get `getMessagesSeen` when something changed.
 */
export async function markSeen({
  deps,
  viewer,
  conversationId,
}: {
  deps: Pick<SocialDeps, 'db' | 'io'>;
  viewer: SocialViewer;
  conversationId: string;
}): Promise<PostSeenResponse> {
  const access = await authorizeConversation({ db: deps.db, viewer, conversationId });
  const markedSeen = await markConversationSeen({ db: deps.db, conversationId, userId: viewer.id });
  if (markedSeen > 0) {
    publishSeen({
      io: deps.io,
      userIds: access.kind === 'direct' ? access.memberIds : [viewer.id],
      payload: { conversationId, userId: viewer.id, seenAt: new Date().toISOString() },
    });
  }
  return { conversationId, markedSeen };
}

/** GET /messages/verifiedUser/unseen-messages: per direct conversation and per chat of the user's scrims. */
export async function findUnseenMessages({ db, viewerId }: { db: DbOrTx; viewerId: string }): Promise<UnseenMessages> {
  const [conversations, scrimChats] = await Promise.all([
    findUnseenDirectCounts({ db, userId: viewerId }),
    findUnseenScrimCounts({ db, userId: viewerId }),
  ]);
  const total = [...conversations, ...scrimChats].reduce((sum, c) => sum + c.count, 0);
  return { total, conversations, scrimChats };
}
