import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PUSH_MESSAGES, SOCIAL_MESSAGES, type PushPayload } from '@scrim-gym/shared';
import {
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  screenshot,
  waitVisible,
  type ViewportName,
} from './support/browser.js';
import { expectNoSeriousA11yViolationsIn } from './support/a11y-scope.js';
import { baseURL, registerPlayer, runTag, skipReason, useBrowser } from './support/journey.js';

/**
 * Reminders that reach people, in Chromium: the built app's service worker is active, shows a push
 * the way the server sends it (a synthetic push through the DevTools protocol runs its real push handler: no
 * push service is reachable here), a newer push about the same scrim replaces the older one; the manifest loads
 * without errors and makes the app installable; a navigation without network gets the offline page. Settings'
 * "Notifications on this device" at 1280 and 390 px.
 */
const RUN = runTag();
const SCRIM_ID = '00000000-0000-4000-8000-0000000000e2';

/** A scrim alert's push as the server sends it (push.delivery.test.ts checks the server's side of this shape). */
const scrimPush = (body: string): PushPayload => ({
  title: PUSH_MESSAGES.pushTitle,
  body,
  url: `/scrims/${SCRIM_ID}`,
  tag: `scrim-${SCRIM_ID}`,
});

interface Shown {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: { url: string };
}

/** The notifications the service worker's registration shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as { url: string },
    })),
  );

/**
 * DevTools' view of the page's service workers: the registrations of its origin (their ids are what
 * deliverPushMessage takes), whether an activated version is running, and the errors the worker reported (a push
 * handler that throws shows nothing, and its error is what a failing check should print).
 */
async function serviceWorkerRegistrations(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  const running = new Set<string>();
  const errors: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const { registrationId, scopeURL, isDeleted } of updated) {
      if (isDeleted) registrations.delete(registrationId);
      else registrations.set(registrationId, scopeURL);
    }
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const { registrationId, runningStatus, status } of versions) {
      if (runningStatus === 'running' && status === 'activated') running.add(registrationId);
      else running.delete(registrationId);
    }
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) =>
    errors.push(`${errorMessage.errorMessage} (${errorMessage.sourceURL}:${errorMessage.lineNumber})`),
  );
  await cdp.send('ServiceWorker.enable');
  return { cdp, registrations, running, errors };
}

async function deliverPush(cdp: CDPSession, registrationId: string, payload: PushPayload) {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
}

async function playerWithNotifications(browser: Browser, viewport: ViewportName, tag: string) {
  const player = await registerPlayer(browser, {
    name: `Push ${tag}${RUN}`,
    handle: `push-${tag}-${RUN}`,
    tagline: 'PSH',
    rank: 'Gold 3',
    viewport,
  });
  await player.context.grantPermissions(['notifications'], { origin: new URL(baseURL).origin });
  return player;
}

describe.skipIf(Boolean(skipReason))('pushes reach the device, the app installs', () => {
  const browser = useBrowser();

  it('the service worker shows a pushed scrim alert, one per scrim, never elsewhere than the app', async () => {
    const { context, page } = await playerWithNotifications(browser, 'desktop', 'a');
    const { cdp, registrations, running, errors } = await serviceWorkerRegistrations(context, page);
    await page.goto('/settings');
    await waitVisible(page.getByRole('heading', { name: 'Notifications on this device' }), 'the push section');
    // ready resolves once a worker is active, possibly still activating.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
    await expect.poll(() => registrations.size).toBeGreaterThan(0);
    const [registrationId] = [...registrations.keys()];
    // DevTools hands a push to the worker and answers at once, without waiting for it to start: the pushes go
    // to a worker seen running, so a slow start on a loaded machine is waited for here, not in the checks below.
    await cdp.send('ServiceWorker.startWorker', { scopeURL: registrations.get(registrationId!)! });
    await expect.poll(() => running.has(registrationId!), { timeout: 15_000 }).toBe(true);
    // What the device shows, with the worker's errors beside it so that a failed check prints them.
    const device = async <T>(pick: (shown: Shown[]) => T) => ({
      shown: pick((await shownNotifications(page)) as Shown[]),
      workerErrors: [...errors],
    });

    // The scrim start's push: the scrim's name, no lobby name or password.
    const starting = scrimPush(SOCIAL_MESSAGES.scrimStartingNotification(`Push scrim ${RUN}`));
    await deliverPush(cdp, registrationId!, starting);
    await expect
      .poll(() => device((shown) => shown.length), { timeout: 15_000 })
      .toEqual({ shown: 1, workerErrors: [] });
    const [shown] = (await shownNotifications(page)) as [Shown];
    expect(shown).toEqual({
      title: PUSH_MESSAGES.pushTitle,
      body: starting.body,
      tag: `scrim-${SCRIM_ID}`,
      icon: `${new URL(baseURL).origin}/icons/icon-192.png`,
      data: { url: `${new URL(baseURL).origin}/scrims/${SCRIM_ID}` },
    });

    // A newer push about the same scrim replaces it on the device.
    const results = scrimPush(`The result of Push scrim ${RUN} is in`);
    await deliverPush(cdp, registrationId!, results);
    await expect
      .poll(() => device((shown) => shown.map((n) => n.body)), { timeout: 15_000 })
      .toEqual({ shown: [results.body], workerErrors: [] });

    // A push that names another site still opens the app.
    await deliverPush(cdp, registrationId!, { ...results, tag: 'elsewhere', url: 'https://evil.example/x' });
    await expect
      .poll(() => device((shown) => shown.find((n) => n.tag === 'elsewhere')?.data.url), { timeout: 15_000 })
      .toEqual({ shown: `${new URL(baseURL).origin}/`, workerErrors: [] });
    expectNoPageErrors(page);
    await context.close();
  });

  it('the manifest loads without errors and the app is installable (Chromium only refuses an incognito profile)', async () => {
    const { context, page } = await playerWithNotifications(browser, 'mobile', 'b');
    const { cdp } = await serviceWorkerRegistrations(context, page);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toBe(`${new URL(baseURL).origin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data!)).toMatchObject({ name: 'Scrim Gym', display: 'standalone' });
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0a1428');
    expect(consoleErrors.filter((text) => /manifest|icon|service ?worker/i.test(text))).toEqual([]);
    await context.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`Settings' notifications section, and the offline page, at ${viewport === 'desktop' ? 1280 : 390} px`, async () => {
      const { context, page } = await playerWithNotifications(browser, viewport, viewport === 'desktop' ? 'c' : 'd');
      await page.goto('/settings');
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Notifications on this device' }),
      });
      await waitVisible(section, 'the push section');
      await page.evaluate(() => navigator.serviceWorker.ready);
      // Permission granted, nothing subscribed yet: off, with "Turn on".
      await waitVisible(section.getByText('Notifications are off for this device.'), 'the off status');
      await expect.poll(() => section.getByRole('button', { name: 'Turn on' }).isEnabled()).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `push-settings-${viewport}`, { fullPage: false });
      await expectNoHorizontalOverflow(page, `/settings at ${viewport}`);
      await expectNoSeriousA11yViolationsIn(page, 'main', `/settings at ${viewport}`);

      // Without network, a navigation gets the friendly offline page; "Try again" brings the app back.
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await context.setOffline(true);
      await page.goto('/scrims');
      await waitVisible(page.getByRole('heading', { name: 'You are offline' }), 'the offline page');
      await screenshot(page, `push-offline-${viewport}`);
      await expectNoSeriousA11yViolations(page, `offline page at ${viewport}`);
      await context.setOffline(false);
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'You are offline' }).waitFor({ state: 'detached' });
      await waitVisible(page.locator('main h1'), 'the scrims hub again');
      expect(new URL(page.url()).pathname).toBe('/scrims');
      expectNoPageErrors(page);
      await context.close();
    });
  }
});
