import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SOCIAL_MESSAGES, type Notification, type NotificationsResponse } from '@scrim-gym/shared';
import { notifications } from '../../db/schema/index.js';
import { createAdmin, createBannedUser, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { createScrim } from '../../test/scrim-factories.js';
import { expectBanned, expectNoSession, expectStatus, expectValidation, useSocialApp } from '../../test/social.js';
import { deliveredSoFar } from '../../test/waiting.js';
import { createNotification, notifyScrimStart } from './notifications.service.js';

const { app, call, client, db } = useSocialApp();
const deps = () => ({ db: db(), notifier: app().notifier });
const NIL = '00000000-0000-4000-8000-000000000000';

const list = async (user: TestUser) =>
  expectStatus<NotificationsResponse>(await call('GET', '/api/notifications/user-notifications', user.token), 200)
    .notifications;
const rowsOf = async (user: TestUser) =>
  (await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, user.id)))[0]!.n;
const notify = (user: TestUser, message = 'hello') =>
  createNotification({ deps: deps(), userId: user.id, kind: 'general', message });

describe('every notification endpoint: no session 401, banned 403 with the ban text', () => {
  it('refuses visitors and banned users, whatever the input', async () => {
    const banned = await createBannedUser({ db: db() });
    const note = await notify(banned);
    const paths: [string, string, object?][] = [
      ['GET', '/api/notifications/user-notifications'],
      ['POST', `/api/notifications/push-user-notification/${banned.id}`, { message: 'x' }],
      ['POST', `/api/notifications/remove-user-notification/${note._id}`],
      ['POST', `/api/notifications/remove-all-user-notifications/${banned.id}`],
      ['POST', '/api/notifications/remove-user-notification/not-a-uuid'],
    ];
    for (const [method, path, body] of paths) {
      expectNoSession(await call(method as 'GET', path, undefined, body));
      expectBanned(await call(method as 'GET', path, banned.token, body));
    }
    expect(await rowsOf(banned)).toBe(1);
  });
});

describe('createNotification (for other modules) and GET user-notifications', () => {
  it('stores the notification, pushes getNotification to every tab of its owner only, lists newest first', async () => {
    const [owner, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const scrim = await createScrim({ db: db() });
    const [tab1, tab2, stranger] = [await client(owner.token), await client(owner.token), await client(other.token)];
    try {
      const first = await notify(owner, 'first');
      const alert = await createNotification({
        deps: deps(),
        userId: owner.id,
        kind: 'scrim_alert',
        message: SOCIAL_MESSAGES.scrimStartingNotification(scrim.title),
        relatedScrimId: scrim.id,
      });
      expect(alert).toMatchObject({
        isScrimAlert: true,
        isFriendRequest: false,
        isConversationStart: false,
        _relatedScrim: { _id: scrim.id, title: scrim.title },
        _relatedUser: null,
        conversation: null,
      });
      expect(alert.createdDate).toBe(alert.createdAt);
      for (const tab of [tab1, tab2]) {
        expect(await tab.next<Notification>('getNotification', (n) => n._id === alert._id)).toEqual(alert);
      }
      await deliveredSoFar({ io: app().io, client: stranger });
      expect(stranger.all('getNotification')).toEqual([]);
      expect((await list(owner)).map((n) => n._id)).toEqual([alert._id, first._id]);
      expect(await list(other)).toEqual([]);
    } finally {
      for (const c of [tab1, tab2, stranger]) c.close();
    }
  });
});

describe('notifyScrimStart (the scrim start job)', () => {
  it("stores one 'scrim_alert' per player and caster, pushed live, even when the job runs twice", async () => {
    const scrim = await createScrim({ db: db() });
    const [player, caster] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const live = await client(player.token);
    try {
      const args = { deps: deps(), scrimId: scrim.id, title: scrim.title, userIds: [player.id, caster.id, player.id] };
      await notifyScrimStart(args);
      await notifyScrimStart(args);
      const pushed = await live.next<Notification>('getNotification');
      expect(pushed).toMatchObject({
        kind: 'scrim_alert',
        isScrimAlert: true,
        message: SOCIAL_MESSAGES.scrimStartingNotification(scrim.title),
        _relatedScrim: { _id: scrim.id, title: scrim.title },
      });
      await deliveredSoFar({ io: app().io, client: live });
      expect(live.all('getNotification')).toHaveLength(1);
      expect(await rowsOf(player)).toBe(1);
      expect(await rowsOf(caster)).toBe(1);
    } finally {
      live.close();
    }
  });
});

describe('push-user-notification/:id', () => {
  it('lets a user write a reminder for themselves, pushed live to their tabs', async () => {
    const me = await createUser({ db: db() });
    const live = await client(me.token);
    try {
      const body = expectStatus<NotificationsResponse>(
        await call('POST', `/api/notifications/push-user-notification/${me.id}`, me.token, { message: '  call Bob  ' }),
        201,
      );
      expect(body.notifications).toHaveLength(1);
      expect(body.notifications[0]).toMatchObject({ kind: 'general', message: 'call Bob' });
      expect((await live.next<Notification>('getNotification')).message).toBe('call Bob');
    } finally {
      live.close();
    }
  });

  it('never creates a notification for someone else, admins included', async () => {
    const [victim, mallory] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const admin = await createAdmin({ db: db() });
    const live = await client(victim.token);
    try {
      for (const token of [mallory.token, admin.token]) {
        expectError(
          await call('POST', `/api/notifications/push-user-notification/${victim.id}`, token, { message: 'Free RP!' }),
          403,
          'NOT_YOURSELF',
        );
      }
      await deliveredSoFar({ io: app().io, client: live });
      expect(live.all('getNotification')).toEqual([]);
      expect(await rowsOf(victim)).toBe(0);
    } finally {
      live.close();
    }
  });

  it('refuses an empty, missing or too long message and a bad id (400), writing nothing', async () => {
    const me = await createUser({ db: db() });
    const path = `/api/notifications/push-user-notification/${me.id}`;
    expectValidation(await call('POST', path, me.token, { message: '   ' }));
    expectValidation(await call('POST', path, me.token, {}));
    expectValidation(await call('POST', path, me.token, { message: 'x'.repeat(201) }));
    expectValidation(await call('POST', '/api/notifications/push-user-notification/nope', me.token, { message: 'x' }));
    expect(await rowsOf(me)).toBe(0);
  });
});

describe('remove-user-notification/:id and remove-all-user-notifications/:userId', () => {
  it('the owner marks one as read (removed) and gets the rest', async () => {
    const me = await createUser({ db: db() });
    const [a, b] = [await notify(me, 'a'), await notify(me, 'b')];
    const body = expectStatus<NotificationsResponse>(
      await call('POST', `/api/notifications/remove-user-notification/${a._id}`, me.token),
      200,
    );
    expect(body.notifications.map((n) => n._id)).toEqual([b._id]);
  });

  it("nobody else reads or removes someone's notifications (403), admins included; a missing one is 404", async () => {
    const [owner, mallory] = [await createUser({ db: db() }), await createUser({ db: db() })];
    const admin = await createAdmin({ db: db() });
    const note = await notify(owner, 'private');
    for (const token of [mallory.token, admin.token]) {
      expectError(
        await call('POST', `/api/notifications/remove-user-notification/${note._id}`, token),
        403,
        'NOT_YOURSELF',
      );
      expectError(
        await call('POST', `/api/notifications/remove-all-user-notifications/${owner.id}`, token),
        403,
        'NOT_YOURSELF',
      );
    }
    // The list is always the session user's own: there is no way to name someone else's.
    expect(await list(mallory)).toEqual([]);
    expect(JSON.stringify(await list(admin))).not.toContain('private');
    expectError(await call('POST', `/api/notifications/remove-user-notification/${NIL}`, owner.token), 404);
    expect(await rowsOf(owner)).toBe(1);
  });

  it('mark all as read removes only the owner’s notifications', async () => {
    const [me, other] = [await createUser({ db: db() }), await createUser({ db: db() })];
    await notify(me);
    await notify(me);
    await notify(other);
    const body = expectStatus<NotificationsResponse>(
      await call('POST', `/api/notifications/remove-all-user-notifications/${me.id}`, me.token),
      200,
    );
    expect(body.notifications).toEqual([]);
    expect(await rowsOf(me)).toBe(0);
    expect(await rowsOf(other)).toBe(1);
    expectValidation(await call('POST', '/api/notifications/remove-all-user-notifications/123', me.token));
  });
});
