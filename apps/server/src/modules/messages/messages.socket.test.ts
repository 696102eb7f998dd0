import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message, ScrimChatUsers, ScrimMessagePayload } from '@scrim-gym/shared';
import { messages } from '../../db/schema/index.js';
import { scrimChatRoom } from '../../plugins/io.js';
import { createAdmin, createUser } from '../../test/factories.js';
import { addCaster, addPlayers, createScrim } from '../../test/scrim-factories.js';
import { befriend, expectStatus, settle, useSocialApp } from '../../test/social.js';

const { app, call, client, db } = useSocialApp();
const messageCount = async () => (await db().select({ n: count() }).from(messages))[0]!.n;
const inChatRoom = async (scrimId: string) =>
  (await app().io.in(scrimChatRoom(scrimId)).fetchSockets()).map((s) => s.id);

describe('sendMessage over the socket', () => {
  it('sends as the handshake user, acks with the message, and delivers getMessage to the receiver', async () => {
    const [a, b] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await befriend({ db: db(), a, b });
    const conversation = expectStatus<Conversation>(
      await call('POST', '/api/conversations', a.token, { receiverId: b.id }),
      201,
    );
    const [sa, sb] = [await client(a.token), await client(b.token)];
    const ack = await sa.request<Message>('sendMessage', { conversationId: conversation._id, text: '<b>hi</b>' });
    expect(ack.ok).toBe(true);
    const message = (ack as { data: Message }).data;
    expect(message).toMatchObject({ text: '<b>hi</b>', _sender: { _id: a.id }, _receiver: b.id });
    expect(await sb.next<Message>('getMessage', (m) => m._id === message._id)).toEqual(message);
    // The sender's own tabs get it too (a second tab of A).
    expect(await sa.next<Message>('getMessage', (m) => m._id === message._id)).toEqual(message);
  });

  it('acks bad payloads and refusals with an error and never crashes; forged senders and outsiders write nothing', async () => {
    const [a, b, mallory] = [
      await createUser({ db: db() }),
      await createUser({ db: db() }),
      await createUser({ db: db() }),
    ];
    await befriend({ db: db(), a, b });
    const conversation = expectStatus<Conversation>(
      await call('POST', '/api/conversations', a.token, { receiverId: b.id }),
      201,
    );
    const sm = await client(mallory.token);
    const before = await messageCount();
    for (const payload of [
      undefined,
      null,
      'text',
      42,
      {},
      { conversationId: 'nope', text: 'x' },
      { conversationId: conversation._id, text: '' },
    ]) {
      expect(await sm.request('sendMessage', payload)).toMatchObject({ ok: false, code: 'VALIDATION' });
    }
    expect(await sm.request('sendMessage', { conversationId: conversation._id, text: 'hi' })).toMatchObject({
      ok: false,
      code: 'NOT_A_MEMBER',
    });
    expect(
      await sm.request('sendMessage', { conversationId: conversation._id, text: 'hi', senderId: a.id }),
    ).toMatchObject({
      ok: false,
      code: 'NOT_YOURSELF',
    });
    // Without an acknowledgement callback: ignored quietly.
    sm.socket.emit('sendMessage', { conversationId: conversation._id, text: 'no ack' });
    sm.raw.emit('sendMessage');
    // The original client's relay events are ignored: the server itself sends what was written.
    sm.socket.emit('sendNotification', { receiverId: a.id, message: 'Free RP!' });
    sm.socket.emit('sendConversation', { senderId: a.id, receiverId: b.id, conversationId: conversation._id });
    await settle();
    expect(sm.socket.connected).toBe(true);
    expect(await messageCount()).toBe(before);
  });
});

describe('scrim chat over the socket', () => {
  it('opening a private scrim chat: players in, outsiders refused; getScrimusers lists who has it open', async () => {
    const scrim = await createScrim({ db: db(), isPrivate: true, isWithCasters: true, maxCastersAllowedCount: 2 });
    const [p1, p2, caster, outsider] = await Promise.all([1, 2, 3, 4].map(() => createUser({ db: db() })));
    await addPlayers({ db: db(), scrim, users: [p1!, p2!] });
    await addCaster({ db: db(), scrim, user: caster! });
    const [s1, s2, sc, so] = [
      await client(p1!.token),
      await client(p2!.token),
      await client(caster!.token),
      await client(outsider!.token),
    ];
    // The outsider may watch the scrim's page room (share link) but not its chat.
    so.socket.emit('join_scrim_room', scrim.id);

    const refused = await so.request('scrimChatOpen', { scrimId: scrim.id });
    expect(refused).toMatchObject({ ok: false, code: 'SCRIM_CHAT_FORBIDDEN' });
    expect(await so.request('scrimChatOpen', { scrimId: scrim.id, userId: p1!.id })).toMatchObject({
      ok: false,
      code: 'NOT_YOURSELF',
    });
    expect(await so.request('scrimChatOpen', { scrimId: 'nope' })).toMatchObject({ ok: false, code: 'VALIDATION' });

    const opened = await s1.request<Conversation>('scrimChatOpen', { scrimId: scrim.id, userId: p1!.id });
    expect(opened).toMatchObject({ ok: true, data: { kind: 'scrim', scrim: { _id: scrim.id } } });
    expect(await s1.next<ScrimChatUsers>('getScrimusers', (p) => p.userIds.includes(p1!.id))).toEqual({
      scrimId: scrim.id,
      userIds: [p1!.id],
    });
    expect((await sc.request('scrimChatOpen', { scrimId: scrim.id })).ok).toBe(true);
    const both = await s1.next<ScrimChatUsers>('getScrimusers', (p) => p.userIds.length === 2);
    expect(both.userIds.sort()).toEqual([p1!.id, caster!.id].sort());
    expect((await inChatRoom(scrim.id)).sort()).toEqual([s1.socket.id, sc.socket.id].sort());

    // A message reaches the open chats and the players' own rooms (p2 has not opened it: unread count), once each.
    const ack = await sc.request<Message>('sendScrimMessage', { scrimId: scrim.id, text: 'casting in 5' });
    expect(ack.ok).toBe(true);
    for (const s of [s1, s2, sc]) {
      const got = await s.next<ScrimMessagePayload>('getScrimMessage');
      expect(got).toMatchObject({ scrimId: scrim.id, message: { text: 'casting in 5', _sender: { _id: caster!.id } } });
    }
    expect(await so.request('sendScrimMessage', { scrimId: scrim.id, text: 'let me in' })).toMatchObject({
      ok: false,
      code: 'SCRIM_CHAT_FORBIDDEN',
    });
    await settle();
    expect(so.all('getScrimMessage')).toEqual([]);
    expect(s1.all('getScrimMessage')).toHaveLength(1);

    // Closing updates the list; so does a disconnect (p1 is gone when the admin opens it).
    const from = s1.events.length;
    expect((await sc.request('scrimChatClose', { scrimId: scrim.id })).ok).toBe(true);
    expect(await s1.next<ScrimChatUsers>('getScrimusers', () => true, from)).toEqual({
      scrimId: scrim.id,
      userIds: [p1!.id],
    });
    s1.close();
    const admin = await createAdmin({ db: db() });
    const sa = await client(admin.token);
    expect((await sa.request('scrimChatOpen', { scrimId: scrim.id })).ok).toBe(true);
    expect(await sa.next<ScrimChatUsers>('getScrimusers')).toEqual({ scrimId: scrim.id, userIds: [admin.id] });
  });

  it('a public scrim chat is open to any signed-in user', async () => {
    const scrim = await createScrim({ db: db() });
    const viewer = await createUser({ db: db() });
    const s = await client(viewer.token);
    expect((await s.request('scrimChatOpen', { scrimId: scrim.id })).ok).toBe(true);
    const ack = await s.request<Message>('sendScrimMessage', { scrimId: scrim.id, text: 'gl' });
    expect(ack.ok).toBe(true);
    expect((await s.next<ScrimMessagePayload>('getScrimMessage')).message.text).toBe('gl');
  });
});
