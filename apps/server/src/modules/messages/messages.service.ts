import type { AppServer } from '../../plugins/io.js';
import {
  ACCOUNT_DELETION_MESSAGES,
  SOCIAL_MESSAGES,
  type CreateConversationBody,
  type Message,
  type PostSeenResponse,
  type UnseenMessages,
} from '@scrim-gym/shared';
import type { Database, DbOrTx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/token-bucket.js';
import type { Viewer } from '../auth/index.js';
import {
  assertMayStartConversation,
  authorizeConversation,
  openDirectConversation,
  openScrimConversation,
  presentConversationFor,
  publishOpenedConversation,
  type ConversationAccess,
  type ConversationDeps,
} from '../conversations/index.js';
import { assertSelf, findActiveUser } from '../friends/index.js';
import { publishDirectMessage, publishScrimMessage, publishSeen } from './messages.events.js';
import { presentMessage } from './messages.presenter.js';
import { assertMessageBudget } from './messages.rate-limit.js';
import {
  findMessages,
  findScrimParticipantIds,
  findSeenBy,
  findSender,
  findUnseenDirectCounts,
  findUnseenScrimCounts,
  insertMessage,
  markConversationSeen,
} from './messages.repository.js';

export interface MessageDeps {
  db: Database;
  io: AppServer;
  /** The per-user message budget (POST /messages, the socket's sendMessage, a conversation's first message). */
  limiter: RateLimiter;
}

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
  deps: MessageDeps;
  viewer: Viewer;
  access: ConversationAccess;
  text: string;
  receiverId?: string;
}): Promise<Message> {
  const receiver = access.kind === 'direct' ? access.memberIds.find((id) => id !== viewer.id)! : null;
  if (receiverId !== undefined && receiverId !== receiver) throw wrongReceiver();
  // A deleted account stays in the chat as 'Deleted player', but nobody writes to it any more.
  if (receiver && !(await findActiveUser({ db: deps.db, id: receiver }))) {
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
  deps: MessageDeps;
  viewer: Viewer;
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
  deps: MessageDeps;
  viewer: Viewer;
  scrimId: string;
  text: string;
}) {
  const { access } = await openScrimConversation({ db: deps.db, viewer, scrimId });
  return writeMessage({ deps, viewer, access, text });
}

/**
 * POST /conversations: the direct conversation of the session user and a friend, created when missing, with
 * its first message when `text` is given (one transaction). A new conversation notifies the receiver
 * (`getConversation` and a notification); the message goes out as `getMessage`. All after commit.
 */
export async function startConversation({
  deps,
  viewer,
  body,
}: {
  /** With the notifier: a new conversation notifies its receiver. */
  deps: MessageDeps & ConversationDeps;
  viewer: Viewer;
  body: CreateConversationBody;
}) {
  if (body.senderId !== undefined) assertSelf(viewer.id, body.senderId);
  const { receiverId, text } = body;
  await assertMayStartConversation({ db: deps.db, viewerId: viewer.id, receiverId });
  if (text !== undefined) await assertMessageBudget({ limiter: deps.limiter, userId: viewer.id });
  const sender = await findSender({ db: deps.db, id: viewer.id });

  const { opened, row } = await deps.db.transaction(async (tx) => {
    const opened = await openDirectConversation({ tx, sender, receiverId });
    const conversationId = opened.conversation.id;
    const row =
      text === undefined
        ? null
        : await insertMessage({ db: tx, conversationId, senderId: viewer.id, receiverId, text });
    return { opened, row };
  });

  await publishOpenedConversation({ deps, opened, senderId: viewer.id });
  if (row) publishDirectMessage({ io: deps.io, message: presentMessage({ message: row, sender }) });
  const conversation = await presentConversationFor({ db: deps.db, id: opened.conversation.id, viewerId: viewer.id });
  return { conversation, created: opened.created };
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
  viewer: Viewer;
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
  deps: Pick<MessageDeps, 'db' | 'io'>;
  viewer: Viewer;
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
