import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import {
  ARTIFACTS_DIR,
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  getSessionViaApi,
  screenshot,
  seedDayTimezone,
  settle,
  signInViaApi,
  waitForPath,
  waitVisible,
  type ViewportName,
} from './support/browser.js';
import { skipReason, runTag, useBrowser, registerPlayer, signedInPage } from './support/journey.js';
import { MINUTE } from './support/time.js';

/**
 * Lifecycle: scrims that end (abandoned, live, greyed among previous scrims, out of Current and Playing
 * Now), the API with a trailing slash, and deleting one's account from Settings. At 1280 and 390 px.
 */
const RUN = runTag();
const VIEWPORTS: ViewportName[] = ['desktop', 'mobile'];
/** The seed's scrims all on the hub's today, at any hour (see seedDayTimezone). */
const SEED_DAY = seedDayTimezone();

const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${title}`) }) });
const card = (scope: Locator, title: string) => scope.locator('article').filter({ hasText: title });
/** The number on a counter tile ('Playing Now', 'Completed'). */
const tile = async (page: Page, label: string) =>
  Number(await page.locator('li').filter({ hasText: label }).locator('p').first().textContent());

describe.skipIf(Boolean(skipReason))('scrims that end, trailing slashes, deleting an account', () => {
  const browser = useBrowser();

  for (const viewport of VIEWPORTS) {
    const width = viewport === 'desktop' ? 1280 : 390;
    describe(`at ${width} px`, () => {
      it(
        'an abandoned scrim is greyed with "Abandoned" among previous scrims, out of Current and Playing Now, live',
        { timeout: 120_000 },
        async () => {
          const { context, page } = await signedInPage(browser, 'faker.fan@scrimgym.dev', {
            viewport,
            timezoneId: SEED_DAY,
          });
          await page.goto('/scrims');
          await waitForPath(page, '/scrims');
          const current = section(page, 'Current Scrims');
          const previous = section(page, 'Previous Scrims');
          // The demo seed: Lunch Break Scrim (7/10, 70 minutes ago) was abandoned; Diamond Practice (10/10) plays.
          await waitVisible(card(previous, 'Lunch Break Scrim'), "'Lunch Break Scrim' among previous scrims");
          expect(await card(current, 'Lunch Break Scrim').count()).toBe(0);
          await waitVisible(card(current, 'Diamond Practice'), "'Diamond Practice' among current scrims");
          const lunch = card(previous, 'Lunch Break Scrim');
          await waitVisible(lunch.getByText('Abandoned', { exact: true }), "the 'Abandoned' label");
          await waitVisible(lunch.getByText('ABANDONED', { exact: true }), "the 'ABANDONED' banner");
          expect(await lunch.getAttribute('data-abandoned')).toBe('true');
          expect(await lunch.evaluate((el) => getComputedStyle(el).filter)).toContain('grayscale');
          const playingBefore = await tile(page, 'Playing Now');
          expect(playingBefore).toBe(await current.locator('article').count());

          // Live: an admin creates a scrim that started 31 minutes ago with nobody in it. Its abandon check is due
          // at once: the hub shows it among previous scrims, abandoned, without a reload.
          const admin = await signedInPage(browser, 'admin@scrimgym.dev', { viewport, timezoneId: SEED_DAY });
          const title = `Ghost Lobby ${RUN}${viewport[0]}`;
          const created = await admin.context.request.post('/api/scrims/', {
            data: {
              title,
              region: 'NA',
              gameStartTime: new Date(Date.now() - 31 * MINUTE).toISOString(),
              lobbyHost: null,
            },
          });
          expect(created.status(), await created.text()).toBe(201);
          const ghost = card(previous, title);
          await waitVisible(ghost.getByText('Abandoned', { exact: true }), `'${title}' abandoned, live`, 20_000);
          expect(await card(current, title).count()).toBe(0);
          expect(await tile(page, 'Playing Now')).toBe(playingBefore);
          await lunch.scrollIntoViewIfNeeded();
          await settle(page);
          await lunch.screenshot({ path: join(ARTIFACTS_DIR, `lifecycle-abandoned-card-${viewport}.png`) });
          await screenshot(page, `lifecycle-hub-${viewport}`);

          // Its page: no Join, and the reason in the centre box.
          await ghost.getByRole('link', { name: title }).click();
          await waitVisible(page.getByText(/this scrim was closed and will not be played/), 'why it is closed');
          expect(await page.getByRole('button', { name: /^Join/ }).count()).toBe(0);
          await screenshot(page, `lifecycle-abandoned-detail-${viewport}`);
          await expectNoSeriousA11yViolations(page);
          await expectNoHorizontalOverflow(page, `abandoned scrim at ${width}`);
          // Joining it through the API is refused too.
          const me = await getSessionViaApi(context);
          const refused = await context.request.patch(
            `${new URL(page.url()).pathname.replace('/scrims/', '/api/scrims/')}/insert-player/${me.user!._id}`,
            {
              data: { playerData: { role: 'Top', team: { name: 'teamOne' } } },
            },
          );
          expect(refused.status()).toBe(409);
          expect((await refused.json()).code).toBe('SCRIM_ABANDONED');
          // Profile lists: a player of Lunch Break Scrim (the seed's rotation puts Baron Steal in it) sees it greyed.
          await page.goto(`/users/${encodeURIComponent('Baron Steal')}?region=NA`);
          const row = page.locator('li').filter({ has: page.getByRole('link', { name: 'Lunch Break Scrim' }) });
          await waitVisible(row.getByText('Abandoned', { exact: true }), "the profile list's 'Abandoned' chip");
          expect(await row.evaluate((el) => getComputedStyle(el).filter)).toContain('grayscale');
          await row.scrollIntoViewIfNeeded();
          await settle(page);
          await screenshot(page, `lifecycle-profile-list-${viewport}`, { fullPage: false });
          expectNoPageErrors(page);
          await admin.context.close();
          await context.close();
        },
      );

      it('the API answers with a trailing slash, from the browser', { timeout: 60_000 }, async () => {
        const { context, page } = await signedInPage(browser, 'faker.fan@scrimgym.dev', {
          viewport,
          timezoneId: SEED_DAY,
        });
        await page.goto('/scrims');
        const answers = await page.evaluate(async () => {
          const day = new Date();
          const from = new Date(day.getTime() - 86_400_000).toISOString();
          const to = new Date(day.getTime() + 86_400_000).toISOString();
          const get = async (path: string) => {
            const res = await fetch(path, { credentials: 'same-origin' });
            return { status: res.status, body: (await res.json()) as unknown };
          };
          return {
            session: await get('/api/auth/session/'),
            scrims: await get(`/api/scrims/?region=NA&startDate=${from}&endDate=${to}`),
            missing: await get('/api/no-such-thing/'),
          };
        });
        expect(answers.session.status).toBe(200);
        expect((answers.session.body as { user: { name: string } }).user.name).toBe('Faker Fan');
        expect(answers.scrims.status).toBe(200);
        expect(Array.isArray(answers.scrims.body)).toBe(true);
        expect(answers.missing.status).toBe(404);
        await context.close();
      });

      it(
        'deletes my account from Settings: signed out, home with the message, the profile gone',
        { timeout: 120_000 },
        async () => {
          const { context, page, name, email } = await registerPlayer(browser, {
            name: `Del ${RUN}${viewport[0]}`,
            handle: `delete-${RUN}-${viewport}`,
            tagline: 'DEL',
            rank: 'Gold 1',
            viewport,
          });
          const witness = await signedInPage(browser, 'faker.fan@scrimgym.dev', { viewport, timezoneId: SEED_DAY });
          const profileUrl = `/api/users/${encodeURIComponent(name)}?region=NA`;
          expect((await witness.context.request.get(profileUrl)).status()).toBe(200);

          await page.goto('/settings');
          const heading = page.getByRole('heading', { level: 2, name: 'Delete my account' });
          await waitVisible(heading, 'the Delete my account section');
          await heading.scrollIntoViewIfNeeded();
          await screenshot(page, `lifecycle-settings-delete-${viewport}`);
          await page.getByRole('button', { name: 'Delete my account…' }).click();
          const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
          await waitVisible(dialog, 'the confirm dialog');
          const confirm = dialog.getByRole('button', { name: 'Delete my account', exact: true });
          expect(await confirm.isDisabled()).toBe(true);
          await dialog.getByRole('textbox', { name: 'Summoner name' }).fill(name);
          expect(await confirm.isDisabled()).toBe(false);
          await settle(page);
          await screenshot(page, `lifecycle-settings-delete-dialog-${viewport}`, { fullPage: false });
          await expectNoSeriousA11yViolations(page, '/settings (delete dialog)');
          await confirm.click();

          await waitForPath(page, '/');
          await waitVisible(
            page.getByText('Your account was deleted. Thank you for playing with Scrim Gym.'),
            'the message',
          );
          await waitVisible(
            page
              .getByRole('button', { name: /Log In/i })
              .or(page.getByRole('link', { name: /Log In/i }))
              .first(),
            'Log In (signed out)',
          );
          await screenshot(page, `lifecycle-deleted-home-${viewport}`, { fullPage: false });
          expect((await getSessionViaApi(context)).user).toBeNull();

          // The profile is gone; the same sign-in has no account any more, and the name is free.
          expect((await witness.context.request.get(profileUrl)).status()).toBe(404);
          expect((await signInViaApi(context, email)).user).toBeNull();
          expectNoPageErrors(page);
          await witness.context.close();
          await context.close();
        },
      );
    });
  }
});
