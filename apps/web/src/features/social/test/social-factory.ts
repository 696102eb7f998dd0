import type { Conversation, Message, Notification, SocialUser } from '@scrim-gym/shared';

export const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const socialUser = (n: number, overrides: Partial<SocialUser> = {}): SocialUser => ({
  _id: uid(2000 + n),
  name: `Friend ${n}`,
  summonerTagline: 'EUW',
  region: 'EUW',
  rank: 'Silver 1',
  ...overrides,
});

export function conversation(n: number, me: SocialUser, partner: SocialUser, overrides: Partial<Conversation> = {}) {
  return {
    _id: uid(3000 + n),
    kind: 'direct',
    members: [me, partner],
    scrim: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    lastMessageAt: '2026-05-01T10:00:00.000Z',
    unseenCount: 0,
    ...overrides,
  } satisfies Conversation;
}

export function message(n: number, from: SocialUser, conversationId: string, overrides: Partial<Message> = {}) {
  return {
    _id: uid(4000 + n),
    text: `message ${n}`,
    _sender: { _id: from._id, name: from.name, rank: from.rank },
    _receiver: null,
    _conversation: conversationId,
    _seenBy: [],
    createdAt: '2026-05-01T10:00:00.000Z',
    ...overrides,
  } satisfies Message;
}

export function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: uid(5000 + n),
    kind: 'general',
    message: `notification ${n}`,
    createdAt: '2026-05-01T14:05:00.000Z',
    createdDate: '2026-05-01T14:05:00.000Z',
    _relatedUser: null,
    _relatedScrim: null,
    _relatedSeries: null,
    conversation: null,
    isFriendRequest: false,
    isScrimAlert: false,
    isConversationStart: false,
    ...overrides,
  };
}
