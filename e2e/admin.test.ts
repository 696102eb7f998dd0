import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  screenshot,
  waitForPath,
  waitVisible,
} from './support/browser.js';
import { skipReason, runTag, useBrowser, registerPlayer, signedInPage } from './support/journey.js';
import { expectNoSeriousA11yViolationsIn } from './support/a11y-scope.js';

/** Unique per run, within the app's limits (summoner name ≤ 16: letters, digits, spaces). */
const RUN = runTag(5);
const ADMIN_EMAIL = 'admin@scrimgym.dev';
const BANNED_TEXT = /^You are banned until \d\d\/\d\d\/\d{4}\. Reason: /;

const newPlayer = (browser: Browser, tag: string) =>
  registerPlayer(browser, {
    name: `Ban${tag}${RUN}`,
    handle: `e2e-ban-${tag}-${RUN}`,
    tagline: 'BAN1',
    rank: 'Silver 2',
  });

/** Connected sockets on the server, as the admin's System Status reports them. */
async function connectedSockets(request: APIRequestContext) {
  const res = await request.get('/api/admin/server-status');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { services: { websocket: { connections: number } } }).services.websocket.connections;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const statusOfRow = (page: Page, name: string) =>
  page
    .getByTestId('ban-row')
    .filter({ hasText: name })
    .getByText(/^(Active|Inactive\/Expired)$/);

describe.skipIf(Boolean(skipReason))('admin: bans, ban history and dashboard', () => {
  const browser = useBrowser();
  let admin: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    admin = await signedInPage(browser, ADMIN_EMAIL);
  });

  it(
    "an admin bans a signed-in player: the player's tab signs out live, their calls get the ban text, the ban shows in the history and the dashboard",
    { timeout: 180_000 },
    async () => {
      // The admin's own tab is open (its socket counts too); then the player's.
      await admin.page.goto('/scrims');
      await waitForPath(admin.page, '/scrims');
      const before = await connectedSockets(admin.context.request);
      const player = await newPlayer(browser, 'P');
      await player.page.goto('/scrims');
      await waitVisible(player.page.getByText(`Welcome, ${player.name}`), "the player's hub");
      await until(async () => (await connectedSockets(admin.context.request)) > before, "the player's socket");

      // The admin bans them from their profile.
      await admin.page.goto(`/users/${encodeURIComponent(player.name)}?region=NA&tagline=BAN1`);
      await admin.page.getByRole('button', { name: 'Ban This User' }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Ban ${player.name}` });
      await waitVisible(dialog, 'the ban form');
      const reason = `E2E toxic behaviour ${RUN} in the scrim chat`;
      await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
      await screenshot(admin.page, 'admin-ban-form-desktop', { fullPage: false });
      await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
      await waitVisible(admin.page.getByText('User banned successfully'), "'User banned successfully'");

      // The player's open tab: home, signed out, with the ban text.
      await waitForPath(player.page, '/');
      await waitVisible(player.page.getByText(BANNED_TEXT), 'the ban text on the banned tab');
      await waitVisible(
        player.page.getByRole('button', { name: 'Log In' }).filter({ visible: true }),
        "'Log In' (signed out)",
      );
      await screenshot(player.page, 'admin-banned-player-signed-out-desktop', { fullPage: false });
      expectNoPageErrors(player.page, 'banned player');

      // Their session is gone; signing in again gets the ban text.
      const session = await player.context.request.get('/api/auth/session');
      expect(((await session.json()) as { user: unknown }).user).toBeNull();
      expect((await player.context.request.post('/api/auth/verify')).status()).toBe(401);
      const again = await player.context.request.post('/api/auth/dev-login', { data: { email: player.email } });
      expect(again.status()).toBe(403);
      expect(((await again.json()) as { error: string }).error).toMatch(BANNED_TEXT);
      expect(((await again.json()) as { error: string }).error).toContain(`E2E toxic behaviour ${RUN}`);

      // The ban history shows it, active, with the reason cut at 32 characters.
      await admin.page.goto('/admin/bans');
      await waitVisible(admin.page.getByRole('heading', { name: 'Ban History' }), 'the ban history page');
      await admin.page.getByRole('combobox', { name: 'Summoner Name' }).fill(player.name);
      await admin.page.getByRole('option', { name: player.name }).click();
      await waitVisible(statusOfRow(admin.page, player.name), "the player's row");
      expect(await statusOfRow(admin.page, player.name).textContent()).toBe('Active');
      await waitVisible(admin.page.getByText(`${reason.slice(0, 32)}…`, { exact: true }), 'the reason, cut at 32');
      await expectNoSeriousA11yViolationsIn(admin.page, 'main', 'ban history');

      // The dashboard counts it and lists it in Recent Activity.
      await admin.page.goto('/admin/dashboard');
      await waitVisible(admin.page.getByRole('heading', { name: 'Admin Dashboard' }), 'the dashboard');
      const activity = admin.page.getByRole('list', { name: 'Recent Activity' });
      await waitVisible(
        activity.getByText(new RegExp(`^${player.name} was banned until`)),
        'the ban in Recent Activity',
      );
      const activeBans = admin.page
        .getByRole('list', { name: 'Key figures' })
        .locator('li')
        .filter({ hasText: 'Active Bans' });
      const value = await activeBans.locator('.MuiTypography-h4').textContent();
      expect(Number(value?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
      await waitVisible(admin.page.getByText('WebSocket Server'), 'System Status');
      expectNoPageErrors(admin.page, 'admin dashboard');
    },
  );

  it(
    'a ban ends on time: the job lifts it at its dateTo, and the history and dashboard show it lifted',
    { timeout: 120_000 },
    async () => {
      const player = await newPlayer(browser, 'T');
      const dateTo = new Date(Date.now() + 6_000);
      const res = await admin.context.request.post('/api/admin/banUser', {
        data: {
          banUserId: player.id,
          dateFrom: new Date(Date.now() - 60_000).toISOString(),
          dateTo: dateTo.toISOString(),
          reason: 'E2E short ban',
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      expect(
        (await player.context.request.post('/api/auth/dev-login', { data: { email: player.email } })).status(),
      ).toBe(403);

      // The job runner lifts it (no one presses 'Lift All Expired Bans'); the player may sign in again.
      await until(
        async () =>
          (await player.context.request.post('/api/auth/dev-login', { data: { email: player.email } })).status() ===
          200,
        'the ban to be lifted by the job',
        30_000,
      );
      const history = (await (await admin.context.request.get('/api/admin/all-bans-history')).json()) as Array<{
        _user: { _id: string };
        status: string;
        liftedAt: string | null;
      }>;
      const entry = history.find((b) => b._user._id === player.id)!;
      expect(entry.status).toBe('lifted');
      expect(new Date(entry.liftedAt!).getTime()).toBeGreaterThanOrEqual(dateTo.getTime());

      await admin.page.goto('/admin/bans');
      await admin.page.getByRole('combobox', { name: 'Summoner Name' }).fill(player.name);
      await admin.page.getByRole('option', { name: player.name }).click();
      await waitVisible(statusOfRow(admin.page, player.name), "the lifted player's row");
      expect(await statusOfRow(admin.page, player.name).textContent()).toBe('Inactive/Expired');
      await admin.page.goto('/admin/dashboard');
      await waitVisible(
        admin.page
          .getByRole('list', { name: 'Recent Activity' })
          .getByText(`${player.name}'s ban expired and was lifted`),
        'the lift in Recent Activity',
      );
    },
  );

  it('screenshots: the dashboard and the ban table at 1280 and 390 px', { timeout: 120_000 }, async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { context, page } = await signedInPage(browser, ADMIN_EMAIL, { viewport });
      await page.goto('/admin/dashboard');
      await waitVisible(page.getByRole('heading', { name: 'Admin Dashboard' }), 'the dashboard');
      await waitVisible(page.getByText('WebSocket Server'), 'System Status');
      await waitVisible(page.locator('.recharts-surface').first(), 'a chart');
      await expectNoSeriousA11yViolationsIn(page, 'main', `dashboard ${viewport}`);
      expectNoHorizontalOverflow(page, `dashboard ${viewport}`);
      await screenshot(page, `admin-dashboard-${viewport}`);

      await page.goto('/ban-history');
      await waitVisible(page.getByRole('heading', { name: 'Ban History' }), 'the ban history');
      await waitVisible(page.getByTestId('ban-row').first(), 'a ban row');
      expect(await page.getByTestId('ban-row').count()).toBeLessThanOrEqual(viewport === 'mobile' ? 3 : 10);
      await expectNoSeriousA11yViolationsIn(page, 'main', `ban history ${viewport}`);
      expectNoHorizontalOverflow(page, `ban history ${viewport}`);
      await screenshot(page, `admin-bans-${viewport}`);
      expectNoPageErrors(page, `admin pages ${viewport}`);
      await context.close();
    }
  });
});
