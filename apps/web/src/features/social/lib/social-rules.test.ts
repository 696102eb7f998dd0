import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSENGER_VOLUME_STORAGE_KEY } from '@scrim-gym/shared';
import { conversation, notification, socialUser, uid } from '../test/social-factory';
import { formatDateTime, presenceText, timeAgo } from './format';
import { notificationAction } from './notification-action';
import { sortConversations } from './sort-conversations';
import { getVolume, readVolume, resetVolumeCache, setVolume } from './volume';

const ME = socialUser(0, { name: 'Me' });

describe('messenger order: unseen count, then online status', () => {
  it('puts more unseen messages first, then partners online, then the latest activity', () => {
    const [a, b, c, d] = [1, 2, 3, 4].map((n) => socialUser(n));
    const list = [
      conversation(1, ME, a!, { unseenCount: 0, lastMessageAt: '2026-05-01T12:00:00.000Z' }),
      conversation(2, ME, b!, { unseenCount: 2 }),
      conversation(3, ME, c!, { unseenCount: 0, lastMessageAt: '2026-05-01T09:00:00.000Z' }),
      conversation(4, ME, d!, { unseenCount: 5 }),
    ];
    const presence = { [c!._id]: { _id: c!._id, isOnline: true, lastSeenAt: null } };
    expect(sortConversations(list, presence, ME._id).map((x) => x.members[1]!.name)).toEqual([
      'Friend 4',
      'Friend 2',
      'Friend 3',
      'Friend 1',
    ]);
    expect(list[0]!.members[1]!.name).toBe('Friend 1'); // not sorted in place
  });
});

describe('notification click routing', () => {
  const friend = socialUser(7, { name: 'Zed Main', summonerTagline: 'ZED', region: 'NA' });
  it('opens the friend requests dialog for a friend request', () => {
    expect(notificationAction(notification(1, { kind: 'friend_request', _relatedUser: friend }))).toEqual({
      type: 'friendRequests',
    });
  });
  it('opens the scrim page for a scrim alert', () => {
    const scrim = { _id: uid(9), title: 'Friday customs' };
    expect(notificationAction(notification(2, { kind: 'scrim_alert', _relatedScrim: scrim }))).toEqual({
      type: 'navigate',
      to: `/scrims/${uid(9)}`,
    });
  });
  it("opens the series page for a series alert, and the scrim board for a request's (no series yet)", () => {
    const captain = { kind: 'series_alert' as const, _relatedUser: friend };
    expect(notificationAction(notification(6, { ...captain, _relatedSeries: { _id: uid(10) } }))).toEqual({
      type: 'navigate',
      to: `/series/${uid(10)}`,
    });
    expect(notificationAction(notification(7, captain))).toEqual({ type: 'navigate', to: '/board' });
  });
  it('opens the conversation for a conversation start', () => {
    expect(
      notificationAction(notification(3, { kind: 'conversation_start', conversation: uid(8), _relatedUser: friend })),
    ).toEqual({ type: 'conversation', conversationId: uid(8) });
  });
  it("opens the friend's profile for an accepted request", () => {
    expect(notificationAction(notification(4, { kind: 'friend_accepted', _relatedUser: friend }))).toEqual({
      type: 'navigate',
      to: '/users/Zed%20Main?region=NA&tagline=ZED',
    });
  });
  it('does nothing for a general reminder with nothing attached', () => {
    expect(notificationAction(notification(5))).toEqual({ type: 'none' });
  });
});

describe('messenger volume: 0-100, default 25, kept in browser storage', () => {
  beforeEach(() => {
    localStorage.clear();
    resetVolumeCache();
  });
  afterEach(() => localStorage.clear());

  it('is 25 when nothing (or nonsense) is stored', () => {
    expect(readVolume()).toBe(25);
    localStorage.setItem(MESSENGER_VOLUME_STORAGE_KEY, 'loud');
    expect(readVolume()).toBe(25);
  });

  it('keeps a new value in storage and reads it back, clamped to 0-100', () => {
    setVolume(60);
    expect(localStorage.getItem(MESSENGER_VOLUME_STORAGE_KEY)).toBe('60');
    resetVolumeCache();
    expect(getVolume()).toBe(60);
    setVolume(140);
    expect(getVolume()).toBe(100);
    localStorage.setItem(MESSENGER_VOLUME_STORAGE_KEY, '-3');
    expect(readVolume()).toBe(0);
  });
});

describe('dates and presence texts', () => {
  it('formats notification dates as MM/DD/yyyy hh:mm A', () => {
    expect(formatDateTime(new Date(2026, 4, 1, 14, 5).toISOString())).toBe('05/01/2026 02:05 PM');
  });
  it("says 'Online', or 'Last seen' with how long ago", () => {
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    expect(presenceText({ _id: 'x', isOnline: true, lastSeenAt: null }, now)).toBe('Online');
    expect(presenceText({ _id: 'x', isOnline: false, lastSeenAt: '2026-05-01T11:55:00.000Z' }, now)).toBe(
      'Last seen 5 minutes ago',
    );
    expect(presenceText({ _id: 'x', isOnline: false, lastSeenAt: null }, now)).toBeNull();
    expect(timeAgo('2026-04-30T12:00:00.000Z', now)).toBe('yesterday');
  });
});
