import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TEXTS } from '@scrim-gym/shared';
import { renderAt, stubApi } from '../../../test/render';
import { PushNotificationsSection } from './PushNotificationsSection';

// A P-256 public key's shape (65 bytes, starting with 0x04), base64url as the server gives it.
const keyBytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = btoa(String.fromCharCode(...keyBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');
const subscriptionJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

/** The browser's Push API, stubbed: Notification's permission, the service worker registration, pushManager. */
function stubBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  let current: PushSubscription | null = null;
  const makeSubscription = (key: Uint8Array) =>
    ({
      endpoint: subscriptionJson.endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => subscriptionJson,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription;
  if (subscribed) current = makeSubscription(keyBytes);
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      current = makeSubscription(options.applicationServerKey as Uint8Array);
      return current;
    }),
  };
  const registration = { pushManager } as unknown as ServiceWorkerRegistration;
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  const requestPermission = vi.fn(async () => {
    NotificationStub.permission = answer;
    return answer;
  });
  class NotificationStub {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', NotificationStub);
  vi.stubGlobal('PushManager', function PushManager() {});
  return { pushManager, serviceWorker, requestPermission, current: () => current };
}

beforeEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const render = () => renderAt('/settings', '/settings', <PushNotificationsSection />);
const section = async () =>
  (await screen.findByRole('heading', { name: PUSH_TEXTS.title })).closest('section') as HTMLElement;

describe('Settings: notifications on this device', () => {
  it('says so when the browser cannot receive pushes (no service worker or Push API), with no button', async () => {
    const calls = stubApi({});
    render();
    const box = await section();
    expect(within(box).getByText(PUSH_TEXTS.unsupported)).toBeInTheDocument();
    expect(within(box).queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says how to unblock when the browser blocks notifications for the site', async () => {
    stubApi({});
    stubBrowser({ permission: 'denied' });
    render();
    const box = await section();
    expect(within(box).getByText(PUSH_TEXTS.blocked)).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: PUSH_TEXTS.turnOn })).not.toBeInTheDocument();
  });

  it('"Turn on" asks the permission, subscribes with the server key (userVisibleOnly) and posts the subscription', async () => {
    const calls = stubApi({
      'GET /push/public-key': { publicKey: PUBLIC_KEY },
      'POST /push/subscribe': () => ({ status: 201, body: { endpoint: subscriptionJson.endpoint } }),
    });
    const browser = stubBrowser();
    render();
    const box = await section();
    expect(await within(box).findByRole('status')).toHaveTextContent(PUSH_TEXTS.off);
    await userEvent.click(await within(box).findByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(await within(box).findByRole('button', { name: PUSH_TEXTS.turnOff })).toBeEnabled();
    expect(within(box).getByRole('status')).toHaveTextContent(PUSH_TEXTS.on);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...keyBytes]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/push/subscribe', body: subscriptionJson }),
    ]);
    expect(await screen.findByText(PUSH_TEXTS.turnedOn)).toBeInTheDocument();
  });

  it('stays off and says so when the permission prompt is dismissed; a denial shows how to unblock', async () => {
    stubApi({ 'GET /push/public-key': { publicKey: PUBLIC_KEY } });
    const dismissed = stubBrowser({ answer: 'default' });
    const { unmount } = render();
    let box = await section();
    await userEvent.click(await within(box).findByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(await screen.findByText(PUSH_TEXTS.dismissed)).toBeInTheDocument();
    expect(within(box).getByRole('status')).toHaveTextContent(PUSH_TEXTS.off);
    expect(dismissed.pushManager.subscribe).not.toHaveBeenCalled();
    unmount();

    const denied = stubBrowser({ answer: 'denied' });
    render();
    box = await section();
    await userEvent.click(await within(box).findByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(await within(box).findByText(PUSH_TEXTS.blocked)).toBeInTheDocument();
    expect(denied.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and stays off", async () => {
    stubApi({
      'GET /push/public-key': { publicKey: PUBLIC_KEY },
      'POST /push/subscribe': () => ({
        status: 400,
        body: {
          error: 'A push subscription endpoint must be an https:// URL of a push service.',
          code: 'PUSH_ENDPOINT_REFUSED',
        },
      }),
    });
    stubBrowser();
    render();
    const box = await section();
    await userEvent.click(await within(box).findByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(
      await screen.findByText('A push subscription endpoint must be an https:// URL of a push service.'),
    ).toBeInTheDocument();
    expect(within(box).getByRole('status')).toHaveTextContent(PUSH_TEXTS.off);
  });

  it("explains a push service that fails in words, not the browser's error, and stays off", async () => {
    const calls = stubApi({ 'GET /push/public-key': { publicKey: PUBLIC_KEY } });
    const browser = stubBrowser();
    browser.pushManager.subscribe.mockRejectedValueOnce(
      new DOMException('Registration failed - push service error', 'AbortError'),
    );
    render();
    const box = await section();
    await userEvent.click(await within(box).findByRole('button', { name: PUSH_TEXTS.turnOn }));
    expect(await screen.findByText(PUSH_TEXTS.pushServiceDown)).toBeInTheDocument();
    expect(screen.queryByText(/Registration failed/)).toBeNull();
    expect(within(box).getByRole('status')).toHaveTextContent(PUSH_TEXTS.off);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('finds an existing subscription (posted again for the signed-in user); "Turn off" unsubscribes and deletes it', async () => {
    const calls = stubApi({
      'GET /push/public-key': { publicKey: PUBLIC_KEY },
      'POST /push/subscribe': () => ({ status: 201, body: { endpoint: subscriptionJson.endpoint } }),
      'DELETE /push/subscribe': () => ({ status: 204, body: null }),
    });
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.current()!;
    render();
    const box = await section();
    await waitFor(() => expect(within(box).getByRole('status')).toHaveTextContent(PUSH_TEXTS.on));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toContainEqual(subscriptionJson);
    await userEvent.click(within(box).getByRole('button', { name: PUSH_TEXTS.turnOff }));
    expect(await within(box).findByRole('button', { name: PUSH_TEXTS.turnOn })).toBeEnabled();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/push/subscribe', body: { endpoint: subscriptionJson.endpoint } }),
    ]);
    expect(browser.current()).toBeNull();
    expect(await screen.findByText(PUSH_TEXTS.turnedOff)).toBeInTheDocument();
  });

  it('drops a subscription made with keys the server no longer has: off, nothing posted', async () => {
    const otherKey = btoa(String.fromCharCode(4, ...Array.from({ length: 64 }, () => 7)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const calls = stubApi({ 'GET /push/public-key': { publicKey: otherKey } });
    const browser = stubBrowser({ permission: 'granted', subscribed: true });
    const subscription = browser.current()!;
    render();
    const box = await section();
    await waitFor(() => expect(within(box).getByRole('status')).toHaveTextContent(PUSH_TEXTS.off));
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
