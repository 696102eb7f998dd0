import { SOCIAL_MESSAGES, SOCKET_EVENTS, type Conversation } from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { userRoom, type AppServer } from '../../plugins/io.js';
import type { Viewer } from '../auth/index.js';
import { areUsersFriends, findActiveUser } from '../friends/index.js';
import { insertNotificationRows, type Notifier, type StoredNotification } from '../notifications/index.js';
import { linkPresence } from '../presence/index.js';
import { assertMember, assertScrimChat } from './conversations.policy.js';
import { presentConversation } from './conversations.presenter.js';
import {
  findConversation,
  findConversationView,
  findDirectConversation,
  findMemberIds,
  findOrCreateDirectConversation,
  findOrCreateScrimConversation,
  findScrimForChat,
  findUserConversations,
  type ConversationRow,
} from './conversations.repository.js';

export interface ConversationDeps {
  db: Database;
  io: AppServer;
  notifier: Notifier;
}

/** What the viewer may do in a conversation was checked; this is what the check found. */
export type ConversationAccess =
  | { kind: 'direct'; conversation: ConversationRow; memberIds: string[] }
  | { kind: 'scrim'; conversation: ConversationRow; scrimId: string };

const conversationNotFound = () => notFound(SOCIAL_MESSAGES.conversationNotFound, 'CONVERSATION_NOT_FOUND');
const scrimNotFound = () => notFound(SOCIAL_MESSAGES.scrimNotFound, 'SCRIM_NOT_FOUND');

/** A conversation as `viewerId` sees it (members, scrim, last activity, unseen count). */
export async function presentConversationFor({
  db,
  id,
  viewerId,
}: {
  db: DbOrTx;
  id: string;
  viewerId: string;
}): Promise<Conversation> {
  return presentConversation((await findConversationView({ db, id, viewerId }))!);
}

/** Members only for a direct conversation; the scrim chat rule for a scrim's room. 404 when it does not exist. */
export async function authorizeConversation({
  db,
  viewer,
  conversationId,
}: {
  db: DbOrTx;
  viewer: Viewer;
  conversationId: string;
}): Promise<ConversationAccess> {
  const conversation = await findConversation({ db, id: conversationId });
  if (!conversation) throw conversationNotFound();
  if (conversation.scrimId) {
    const scrim = await findScrimForChat({ db, scrimId: conversation.scrimId, userId: viewer.id });
    if (!scrim) throw conversationNotFound();
    assertScrimChat(viewer, scrim);
    return { kind: 'scrim', conversation, scrimId: scrim.id };
  }
  const memberIds = await findMemberIds({ db, conversationId });
  assertMember(viewer, memberIds);
  return { kind: 'direct', conversation, memberIds };
}

export async function listUserConversations({ db, viewerId }: { db: DbOrTx; viewerId: string }) {
  return (await findUserConversations({ db, userId: viewerId })).map(presentConversation);
}

/** find/:a/:b: the direct conversation of a and b, one of whom must be the session user. */
export async function findConversationBetween({
  db,
  viewerId,
  a,
  b,
}: {
  db: DbOrTx;
  viewerId: string;
  a: string;
  b: string;
}) {
  if (viewerId !== a && viewerId !== b) throw forbidden(SOCIAL_MESSAGES.notAMember, 'NOT_A_MEMBER');
  const conversation = a === b ? null : await findDirectConversation({ db, a, b });
  return conversation ? presentConversationFor({ db, id: conversation.id, viewerId }) : null;
}

/** A scrim's chat room (created on first use), if the viewer may use it. */
export async function openScrimConversation({ db, viewer, scrimId }: { db: DbOrTx; viewer: Viewer; scrimId: string }) {
  const scrim = await findScrimForChat({ db, scrimId, userId: viewer.id });
  if (!scrim) throw scrimNotFound();
  assertScrimChat(viewer, scrim);
  const conversation = await findOrCreateScrimConversation({ db, scrimId });
  return {
    access: { kind: 'scrim', conversation, scrimId } as const,
    conversation: await presentConversationFor({ db, id: conversation.id, viewerId: viewer.id }),
  };
}

/**
 * Before a direct conversation starts: not with oneself (400), the receiver still has an account (404), and the
 * two are friends (403).
 */
export async function assertMayStartConversation({
  db,
  viewerId,
  receiverId,
}: {
  db: DbOrTx;
  viewerId: string;
  receiverId: string;
}) {
  if (receiverId === viewerId) throw badRequest(SOCIAL_MESSAGES.cannotMessageSelf, 'SELF_CONVERSATION');
  if (!(await findActiveUser({ db, id: receiverId }))) {
    throw notFound(SOCIAL_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  }
  if (!(await areUsersFriends({ db, a: viewerId, b: receiverId }))) {
    throw forbidden(SOCIAL_MESSAGES.onlyFriendsConversation, 'NOT_FRIENDS');
  }
}

/** A direct conversation found or created in the caller's transaction; publish it after commit. */
export interface OpenedConversation {
  conversation: ConversationRow;
  created: boolean;
  receiverId: string;
  stored: StoredNotification[];
}

/**
 * Inside the caller's transaction: the direct conversation of the sender and `receiverId`, created when missing;
 * a new one writes the receiver's notification. Then `publishOpenedConversation` after commit.
 */
export async function openDirectConversation({
  tx,
  sender,
  receiverId,
}: {
  tx: Transaction;
  sender: { id: string; name: string };
  receiverId: string;
}): Promise<OpenedConversation> {
  const found = await findOrCreateDirectConversation({ db: tx, a: sender.id, b: receiverId });
  const stored = found.created
    ? await insertNotificationRows({
        db: tx,
        values: [
          {
            userId: receiverId,
            kind: 'conversation_start',
            message: SOCIAL_MESSAGES.conversationStartNotification(sender.name),
            relatedUserId: sender.id,
            conversationId: found.conversation.id,
          },
        ],
      })
    : [];
  return { ...found, receiverId, stored };
}

/**
 * After the commit of `openDirectConversation`: a new conversation goes to the receiver (`getConversation` and
 * the notification) and the two follow each other's presence. Nothing happens for an existing one.
 */
export async function publishOpenedConversation({
  deps,
  opened,
  senderId,
}: {
  deps: ConversationDeps;
  opened: OpenedConversation;
  senderId: string;
}) {
  if (!opened.created) return;
  const { conversation, receiverId, stored } = opened;
  deps.io
    .to(userRoom(receiverId))
    .emit(
      SOCKET_EVENTS.getConversation,
      await presentConversationFor({ db: deps.db, id: conversation.id, viewerId: receiverId }),
    );
  deps.notifier.publish(stored);
  await linkPresence({ deps, a: senderId, b: receiverId });
}
