import { SOCIAL_MESSAGES, SOCKET_EVENTS, type Conversation, type CreateConversationBody } from '@scrim-gym/shared';
import type { Database, DbOrTx } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/token-bucket.js';
import { userRoom, type AppServer } from '../../plugins/io.js';
import { assertSelf } from '../friends/friends.policy.js';
import { areFriends, findSocialUser } from '../friends/friends.repository.js';
import { publishDirectMessage } from '../messages/messages.events.js';
import { presentMessage } from '../messages/messages.presenter.js';
import { assertMessageBudget } from '../messages/messages.rate-limit.js';
import { findSender, insertMessage } from '../messages/messages.repository.js';
import { insertNotificationRows, publishNotifications } from '../notifications/notifications.service.js';
import { linkPresence } from '../presence/presence.service.js';
import { assertMember, assertScrimChat, type SocialViewer } from './conversations.policy.js';
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

export interface SocialDeps {
  db: Database;
  io: AppServer;
  /** The per-user message budget (POST /messages, the socket's sendMessage, a conversation's first message). */
  limiter: RateLimiter;
}

/** What the viewer may do in a conversation was checked; this is what the check found. */
export type ConversationAccess =
  | { kind: 'direct'; conversation: ConversationRow; memberIds: string[] }
  | { kind: 'scrim'; conversation: ConversationRow; scrimId: string };

const conversationNotFound = () => notFound(SOCIAL_MESSAGES.conversationNotFound, 'CONVERSATION_NOT_FOUND');
const scrimNotFound = () => notFound(SOCIAL_MESSAGES.scrimNotFound, 'SCRIM_NOT_FOUND');

async function presentFor({ db, id, viewerId }: { db: DbOrTx; id: string; viewerId: string }): Promise<Conversation> {
  return presentConversation((await findConversationView({ db, id, viewerId }))!);
}

/** Members only for a direct conversation; the scrim chat rule for a scrim's room. 404 when it does not exist. */
export async function authorizeConversation({
  db,
  viewer,
  conversationId,
}: {
  db: DbOrTx;
  viewer: SocialViewer;
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
  return conversation ? presentFor({ db, id: conversation.id, viewerId }) : null;
}

/** A scrim's chat room (created on first use), if the viewer may use it. */
export async function openScrimConversation({
  db,
  viewer,
  scrimId,
}: {
  db: DbOrTx;
  viewer: SocialViewer;
  scrimId: string;
}) {
  const scrim = await findScrimForChat({ db, scrimId, userId: viewer.id });
  if (!scrim) throw scrimNotFound();
  assertScrimChat(viewer, scrim);
  const conversation = await findOrCreateScrimConversation({ db, scrimId });
  return {
    access: { kind: 'scrim', conversation, scrimId } as const,
    conversation: await presentFor({ db, id: conversation.id, viewerId: viewer.id }),
  };
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
  deps: SocialDeps;
  viewer: SocialViewer;
  body: CreateConversationBody;
}) {
  if (body.senderId !== undefined) assertSelf(viewer.id, body.senderId);
  const receiverId = body.receiverId;
  if (receiverId === viewer.id) throw badRequest(SOCIAL_MESSAGES.cannotMessageSelf, 'SELF_CONVERSATION');
  if (!(await findSocialUser({ db: deps.db, id: receiverId }))) {
    throw notFound(SOCIAL_MESSAGES.userNotFound, 'USER_NOT_FOUND');
  }
  if (!(await areFriends({ db: deps.db, a: viewer.id, b: receiverId }))) {
    throw forbidden(SOCIAL_MESSAGES.onlyFriendsConversation, 'NOT_FRIENDS');
  }
  if (body.text !== undefined) await assertMessageBudget({ limiter: deps.limiter, userId: viewer.id });
  const sender = await findSender({ db: deps.db, id: viewer.id });

  const { conversation, created, message, stored } = await deps.db.transaction(async (tx) => {
    const found = await findOrCreateDirectConversation({ db: tx, a: viewer.id, b: receiverId });
    const row =
      body.text === undefined
        ? null
        : await insertMessage({
            db: tx,
            conversationId: found.conversation.id,
            senderId: viewer.id,
            receiverId,
            text: body.text,
          });
    const notifications = found.created
      ? await insertNotificationRows({
          db: tx,
          values: [
            {
              userId: receiverId,
              kind: 'conversation_start',
              message: SOCIAL_MESSAGES.conversationStartNotification(sender.name),
              relatedUserId: viewer.id,
              conversationId: found.conversation.id,
            },
          ],
        })
      : [];
    return { ...found, message: row, stored: notifications };
  });

  if (created) {
    deps.io
      .to(userRoom(receiverId))
      .emit(
        SOCKET_EVENTS.getConversation,
        await presentFor({ db: deps.db, id: conversation.id, viewerId: receiverId }),
      );
    publishNotifications({ io: deps.io, stored });
    await linkPresence({ deps, a: viewer.id, b: receiverId });
  }
  if (message) publishDirectMessage({ io: deps.io, message: presentMessage({ message, sender }) });
  return { conversation: await presentFor({ db: deps.db, id: conversation.id, viewerId: viewer.id }), created };
}
