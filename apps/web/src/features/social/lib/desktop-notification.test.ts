import { afterEach, describe, expect, it, vi } from 'vitest';
import { askDesktopPermission, showDesktopNotification } from './desktop-notification';

/** A stand-in for the browser's Notification, recording what was shown. */
function fakeNotifications(permission: NotificationPermission) {
  const shown: Array<{ title: string; body?: string; onclick: (() => void) | null; close: () => void }> = [];
  const requestPermission = vi.fn(async () => 'granted' as const);
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(
      readonly title: string,
      options?: { body?: string },
    ) {
      shown.push(Object.assign(this, { body: options?.body }));
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, requestPermission };
}

const pageInFront = (front: boolean) => {
  vi.spyOn(document, 'hasFocus').mockReturnValue(front);
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(front ? 'visible' : 'hidden');
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('desktop notifications', () => {
  it('asks the browser once, only while it has not answered', () => {
    const { requestPermission } = fakeNotifications('default');
    askDesktopPermission();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const denied = fakeNotifications('denied');
    askDesktopPermission();
    expect(denied.requestPermission).not.toHaveBeenCalled();
  });

  it('shows one when permitted and the page is not in front; a click runs the action', () => {
    const { shown } = fakeNotifications('granted');
    pageInFront(false);
    const onClick = vi.fn();
    vi.spyOn(window, 'focus').mockImplementation(() => {});
    showDesktopNotification({ title: 'Scrim Gym', body: 'Friday customs is starting now!', onClick });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Scrim Gym', body: 'Friday customs is starting now!' });
    shown[0]!.onclick!();
    expect(onClick).toHaveBeenCalled();
    expect(shown[0]!.close).toHaveBeenCalled();
  });

  it('stays quiet when not permitted, or when the page is in front (the bell says it)', () => {
    const denied = fakeNotifications('denied');
    pageInFront(false);
    showDesktopNotification({ title: 'x' });
    expect(denied.shown).toHaveLength(0);
    const granted = fakeNotifications('granted');
    pageInFront(true);
    showDesktopNotification({ title: 'x' });
    expect(granted.shown).toHaveLength(0);
  });
});
