import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  screenshot,
  waitForPath,
  waitVisible,
} from './support/browser.js';
import {
  skipReason,
  runTag,
  useBrowser,
  registerContext,
  signedInPage,
  type RegisteredContext,
} from './support/journey.js';
import { moveStart } from './support/lobby.js';

const RUN = runTag();
const SLOTS = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'].flatMap((role) =>
  (['teamOne', 'teamTwo'] as const).map((team) => ({ team, role })),
);
const TEAM_LABEL = { teamOne: 'Team One (Blue Side)', teamTwo: 'Team Two (Red Side)' } as const;

const newPlayer = (browser: Browser, index: number) =>
  registerContext(browser, {
    name: `Scrim ${RUN}${index}`,
    handle: `scrimmer-${RUN}-${index}`,
    tagline: 'E2E',
    rank: 'Gold 2',
  });

const joinButton = (page: Page, slot: { team: keyof typeof TEAM_LABEL; role: string }) =>
  page.getByRole('button', { name: `Join ${TEAM_LABEL[slot.team]} as ${slot.role}`, exact: true });

describe.skipIf(Boolean(skipReason))('scrim day', () => {
  const browser = useBrowser();

  it(
    'an admin creates a scrim, ten players join (live), the lobby unlocks at the start, the captain reports the winner',
    { timeout: 240_000 },
    async () => {
      // The admin creates a scrim that starts at the next full minute (at least 40 s away) through the form.
      const admin = await signedInPage(browser, 'admin@scrimgym.dev');
      await admin.page.goto('/scrims/new');
      await waitVisible(admin.page.getByRole('heading', { name: 'Create New Scrim' }), 'create form');
      const start = await admin.page.evaluate(() => {
        const at = new Date(Date.now() + 40_000);
        at.setSeconds(60, 0);
        const pad = (n: number) => String(n).padStart(2, '0');
        return {
          date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
          time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
        };
      });
      const title = `E2E Scrim ${RUN}`;
      await admin.page.getByRole('textbox', { name: /^Title/ }).fill(title);
      await admin.page.getByLabel(/^Start date/).fill(start.date);
      await admin.page.getByLabel(/^Start time/).fill(start.time);
      await expectNoSeriousA11yViolations(admin.page);
      await screenshot(admin.page, 'scrims-create-desktop');
      await admin.page.getByRole('button', { name: 'Create Scrim', exact: true }).click();
      await admin.page.waitForURL(/\/scrims\/[0-9a-f-]{36}$/);
      const scrimId = admin.page.url().split('/').pop()!;
      await waitVisible(admin.page.getByText('scrim created successfully!'), 'create success alert');

      // Two players watch the scrim page in their own browsers and see each other's joins live.
      const players = await Promise.all(SLOTS.map((_, i) => newPlayer(browser, i)));
      const [a, b] = players as [RegisteredContext, RegisteredContext];
      const pageA = await a.context.newPage();
      const pageB = await b.context.newPage();
      for (const page of [pageA, pageB]) {
        await page.goto(`/scrims/${scrimId}`);
        await waitVisible(page.getByRole('heading', { name: title }), 'scrim title');
        await waitVisible(page.getByText('Game starting in...'), 'countdown');
      }
      await joinButton(pageB, SLOTS[0]!).click();
      await waitVisible(pageA.getByText(b.name), "B's join, seen live by A");
      // A's join is answered before B is expected to see it, so a refusal fails here with its reason.
      const [joinAnswer] = await Promise.all([
        pageA.waitForResponse((r) => r.url().includes(`/api/scrims/${scrimId}/`) && r.request().method() !== 'GET'),
        joinButton(pageA, SLOTS[1]!).click(),
      ]);
      expect(joinAnswer.status(), await joinAnswer.text()).toBe(200);
      await waitVisible(pageB.getByText(a.name), "A's join, seen live by B");

      // Eight more join through the API.
      for (const [i, player] of players.entries()) {
        if (i < 2) continue;
        const slot = SLOTS[i === 1 ? 0 : i]!;
        const res = await player.context.request.patch(`/api/scrims/${scrimId}/insert-player/${player.id}`, {
          data: { playerData: { role: slot.role, team: { name: slot.team } } },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
      await waitVisible(pageA.getByText(players[9]!.name), 'the tenth player, live');
      await screenshot(pageA, 'scrims-detail-full-before-start');

      // The admin brings the start to a few seconds away (the open pages take it live); the countdown ends and the
      // players see the lobby name and password.
      const mine = await (await a.context.request.get(`/api/scrims/${scrimId}`)).json();
      expect(mine.lobbyPassword).toMatch(/^[A-Za-z0-9]{8}$/);
      const startsAt = Date.now() + 5_000;
      await moveStart(admin.context, scrimId, startsAt);
      await waitVisible(pageA.getByText('GAME READY'), 'GAME READY banner', startsAt - Date.now() + 15_000);
      await waitVisible(pageA.getByText(mine.lobbyPassword, { exact: false }).first(), 'lobby password');
      await waitVisible(pageA.getByText(mine.lobbyName, { exact: false }).first(), 'lobby name');
      await screenshot(pageA, 'scrims-detail-game-ready');

      // Someone who is not in the scrim cannot get them from the API.
      const outsider = await newPlayer(browser, 99);
      const seen = await (await outsider.context.request.get(`/api/scrims/${scrimId}`)).json();
      expect(seen.lobbyPassword).toBeUndefined();
      expect(seen.lobbyName).toBeUndefined();
      expect(JSON.stringify(seen)).not.toContain(mine.lobbyPassword);
      const hub = await (
        await outsider.context.request.get(
          `/api/scrims?region=NA&startDate=${new Date(startsAt - 3600_000).toISOString()}&endDate=${new Date(startsAt + 3600_000).toISOString()}`,
        )
      ).text();
      expect(hub).toContain(scrimId);
      expect(hub).not.toContain(mine.lobbyPassword);

      // The lobby captain reports the winner; everyone watching sees the banner: pending, no win until the other
      // team (or the clock) confirms it.
      const captain = players.find((p) => p.id === mine.lobbyHost._id)!;
      const captainPage = captain === a ? pageA : captain === b ? pageB : await captain.context.newPage();
      if (captainPage !== pageA && captainPage !== pageB) await captainPage.goto(`/scrims/${scrimId}`);
      await captainPage.getByRole('button', { name: `${TEAM_LABEL.teamOne} won`, exact: true }).click();
      await waitVisible(captainPage.getByText('You cannot reverse this.'), 'winner confirm');
      await captainPage.getByRole('button', { name: 'Confirm', exact: true }).click();
      for (const page of [captainPage, pageA, pageB]) {
        await waitVisible(page.getByText('RESULT PENDING: TEAM ONE (BLUE SIDE) REPORTED A WIN'), 'pending banner');
        expect(await page.getByText('TEAM ONE (BLUE SIDE) WON!').count()).toBe(0);
      }
      await screenshot(pageB, 'scrims-detail-winner');
      const after = await (await outsider.context.request.get(`/api/scrims/${scrimId}`)).json();
      expect(after.teamWon).toBe('teamOne');

      for (const page of [admin.page, pageA, pageB]) expectNoPageErrors(page);
      await Promise.all([admin.context, outsider.context, ...players.map((p) => p.context)].map((c) => c.close()));
    },
  );

  it('shows the hub at desktop and mobile width, accessible, with the demo scrims of today', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const { context, page } = await signedInPage(browser, 'faker.fan@scrimgym.dev', { viewport });
      await page.goto('/scrims');
      await waitForPath(page, '/scrims');
      await waitVisible(page.getByText('Playing Now').first(), 'counter tiles');
      await waitVisible(page.getByText('Current Scrims').first(), 'current section');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `scrims-hub-${viewport}`, { fullPage: true });
      expectNoPageErrors(page);
      await context.close();
    }
  });
});
