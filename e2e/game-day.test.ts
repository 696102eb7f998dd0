import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRiot } from '../apps/server/src/test/fake-riot.js';
import {
  VIEWPORTS,
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  newContext,
  newPage,
  screenshot,
  waitForPath,
  waitVisible,
  type ViewportName,
} from './support/browser.js';
import {
  skipReason,
  baseURL,
  runTag,
  useBrowser,
  useSignedInContext,
  registerContext,
  startRiotServer,
} from './support/journey.js';
import type { RunningServer } from './support/server.js';

import { e2eAccount, registerRiotAccount } from './support/riot-scrims.js';
import { SLOTS, createScrimAs, fillSlots, moveStart } from './support/lobby.js';
import { HOUR } from './support/time.js';
/**
 * Game day as a player feels it, on the shared journeys' server (demo seed, no Riot API key): the
 * pinned 'Lobby ready' panel appears live the moment a full scrim starts, whole and above the fold at 1280 and
 * 390 px; the captain reports from it; everyone sees the outcome and their EXP; actions that would fail are not
 * offered; a share link opened signed out offers 'Sign in'.
 */
const RUN = runTag();
const TITLE = `Newcomer Test Scrim Friday Night ${RUN}`;
const SHOTS = '/tmp/shots/lobby';

interface Person {
  context: BrowserContext;
  id: string;
  name: string;
}

interface ScrimJson {
  _id: string;
  lobbyName?: string;
  lobbyPassword?: string;
  lobbyHost: { _id: string } | null;
  teamWon: string | null;
}

const newPerson = (browser: Browser, key: string, viewport: ViewportName = 'desktop') =>
  registerContext(browser, {
    name: `Day ${RUN}${key}`,
    handle: `gameday-${RUN}-${key}`,
    tagline: 'E2E',
    rank: 'Silver 1',
    viewport,
  });

const panelOf = (page: Page) => page.getByRole('region', { name: /^(Lobby ready|Result)$/ });

/** The panel is in the first viewport (no scrolling) and nothing in it is cut: every text fits its box. */
async function expectPanelWholeAndAboveTheFold(page: Page, label: string) {
  const panel = panelOf(page);
  const box = (await panel.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box, `${label}: panel box`).toBeTruthy();
  expect(box.y, `${label}: panel top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${label}: panel bottom within the ${viewport.height}px viewport`).toBeLessThanOrEqual(
    viewport.height,
  );
  expect(box.x + box.width, `${label}: panel right edge`).toBeLessThanOrEqual(viewport.width);
  const cut = await panel.evaluate((root) =>
    [...root.querySelectorAll('span, p, dt, h2, button')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
      .map((el) => el.textContent),
  );
  expect(cut, `${label}: texts cut in the panel`).toEqual([]);
}

async function panelShot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await panelOf(page).screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
  await page.screenshot({ path: `${SHOTS}/${name}-page.png`, animations: 'disabled' });
}

const GENERATING = /Generating Tournament Code|please refresh in a few seconds/;

/** Text that must never appear on `page` (checked now and at every later call of the returned function). */
function neverShows(page: Page, pattern: RegExp) {
  return async () => expect(await page.getByText(pattern).count(), `"${pattern}" on ${page.url()}`).toBe(0);
}

describe.skipIf(Boolean(skipReason))('game day: the full-lobby moment', () => {
  const browser = useBrowser();
  const admin = useSignedInContext(browser);

  async function createScrim(startsInMs: number, extra: object = {}) {
    const scrim = await createScrimAs<ScrimJson>(admin, {
      title: TITLE,
      startsInMs,
      isWithCasters: true,
      maxCastersAllowedCount: 2,
      // An existing scrim with the option on, on a server without a key: nobody may be told a code is coming.
      useTournamentCode: true,
      ...extra,
    });
    return scrim._id;
  }

  it(
    'the panel appears live at the start with teams full, whole and above the fold; the captain reports; everyone sees the outcome and EXP',
    { timeout: 300_000 },
    async () => {
      // Nine players (player 0 at 1280 px, player 1 at 390 px), two casters; the admin's scrim starts soon.
      const players = await Promise.all(
        SLOTS.slice(0, 9).map((_, i) => newPerson(browser, `p${i}`, i === 1 ? 'mobile' : 'desktop')),
      );
      const [switcher, caster] = await Promise.all([newPerson(browser, 'c0'), newPerson(browser, 'c1', 'mobile')]);
      // An hour ahead while everyone gets ready; moved to a few seconds ahead once they are.
      const scrimId = await createScrim(HOUR);
      await fillSlots(players, scrimId);
      for (const c of [switcher, caster]) {
        const res = await c.context.request.patch(`/api/scrims/${scrimId}/insert-caster/${c.id}`);
        expect(res.status(), await res.text()).toBe(200);
      }

      const desktop = await players[0]!.context.newPage();
      const mobile = await players[1]!.context.newPage();
      const casterPage = await caster.context.newPage();
      const switcherPage = await switcher.context.newPage();
      for (const page of [desktop, mobile, casterPage, switcherPage]) {
        await page.goto(`/scrims/${scrimId}`);
        await waitVisible(page.getByText('Game starting in...'), 'the countdown before the start');
      }
      const noGenerating = [desktop, mobile, casterPage, switcherPage].map((page) => neverShows(page, GENERATING));

      // A player of the scrim is not offered the cast; a caster is offered "Switch to player", not Join.
      expect(await desktop.getByRole('button', { name: 'Join Cast' }).count()).toBe(0);
      expect(await switcherPage.getByRole('button', { name: /^Join Team/ }).count()).toBe(0);
      const switchButton = switcherPage.getByRole('button', {
        name: 'Switch to player: Team Two (Red Side) as Support',
      });
      await waitVisible(switchButton, '"Switch to player" for a caster');
      expect(await switchButton.textContent()).toBe('Switch to player');
      await switchButton.click();
      await waitVisible(switcherPage.getByRole('button', { name: 'Leave this game' }), 'the switcher in the slot');
      await waitVisible(desktop.getByText(switcher.name), 'the tenth player, live for the others');
      expect(await switcherPage.getByRole('button', { name: 'Leave Cast' }).count()).toBe(0);

      // Full before the start: the countdown stays, no lobby yet. The admin brings the start to a few seconds away;
      // the open pages take the new start live.
      expect(await panelOf(desktop).count()).toBe(0);
      const startsAt = Date.now() + 6_000;
      await moveStart(admin, scrimId, startsAt, {
        isWithCasters: true,
        maxCastersAllowedCount: 2,
        useTournamentCode: true,
      });
      for (const page of [desktop, mobile]) await page.evaluate(() => ((window as { noReload?: number }).noReload = 1));

      const mine = (await (await players[0]!.context.request.get(`/api/scrims/${scrimId}`)).json()) as ScrimJson;
      const password = mine.lobbyPassword!;
      expect(mine.lobbyName).toBe(TITLE);

      // The start: the password appears on the open pages, without a reload.
      const passwordButton = (page: Page) => page.getByRole('button', { name: `Password ${password}`, exact: true });
      await waitVisible(passwordButton(desktop), 'the password at the start', startsAt - Date.now() + 15_000);
      const visibleAfterStartMs = Date.now() - startsAt;
      console.log(`[e2e] lobby password visible ${visibleAfterStartMs} ms after the start (1280 px)`);
      expect(visibleAfterStartMs).toBeLessThan(3_000);
      await waitVisible(passwordButton(mobile), 'the password at the start (390 px)');
      for (const page of [desktop, mobile]) {
        expect(await page.evaluate(() => (window as { noReload?: number }).noReload)).toBe(1);
        await waitVisible(panelOf(page).getByRole('heading', { name: 'Lobby ready' }), 'the Lobby ready panel');
        await waitVisible(
          panelOf(page).getByRole('button', { name: `Lobby Name ${TITLE}`, exact: true }),
          'the whole lobby name',
        );
        expect(
          await panelOf(page)
            .getByRole('button', { name: `Lobby Name ${TITLE}` })
            .textContent(),
        ).toBe(TITLE);
        await expectPanelWholeAndAboveTheFold(page, `player ${page.viewportSize()!.width}px`);
      }
      await waitVisible(passwordButton(casterPage), 'the password for a caster (390 px)');
      await expectPanelWholeAndAboveTheFold(casterPage, 'caster 390px');
      for (const check of noGenerating) await check();

      // The captain is told plainly and reports from the panel, at both widths.
      const captainId = mine.lobbyHost!._id;
      const captain = [...players, switcher].find((p) => p.id === captainId)!;
      const captainPage = await captain.context.newPage();
      await captainPage.setViewportSize(VIEWPORTS.mobile);
      await captainPage.goto(`/scrims/${scrimId}`);
      const captainLine = "You're the captain: create the lobby, then report the winner here";
      await waitVisible(panelOf(captainPage).getByText(captainLine), 'the captain line (390 px)');
      await expectPanelWholeAndAboveTheFold(captainPage, 'captain 390px');
      await panelShot(captainPage, 'captain-390');
      await captainPage.setViewportSize(VIEWPORTS.desktop);
      await expectPanelWholeAndAboveTheFold(captainPage, 'captain 1280px');
      await panelShot(captainPage, 'captain-1280');
      await panelShot(desktop, 'player-1280');
      await panelShot(mobile, 'player-390');
      await panelShot(casterPage, 'caster-390');
      await casterPage.setViewportSize(VIEWPORTS.desktop);
      await expectPanelWholeAndAboveTheFold(casterPage, 'caster 1280px');
      await panelShot(casterPage, 'caster-1280');
      await casterPage.setViewportSize(VIEWPORTS.mobile);
      // Only the captain (and admins) get the winner buttons.
      expect(await desktop.getByRole('button', { name: /\) won$/ }).count()).toBe(captain === players[0] ? 2 : 0);
      await expectNoSeriousA11yViolations(captainPage);

      const reportBlue = panelOf(captainPage).getByRole('button', { name: 'Team One (Blue Side) won', exact: true });
      await reportBlue.click();
      await waitVisible(captainPage.getByText('You cannot reverse this.'), 'the winner confirm');
      await captainPage.getByRole('button', { name: 'Confirm', exact: true }).click();

      // A captain's report waits for the other team: the panels say so, and no outcome yet.
      for (const page of [desktop, mobile]) {
        await waitVisible(
          panelOf(page).getByText(/confirms itself/),
          `the pending report (${page.viewportSize()!.width}px)`,
        );
        await waitVisible(
          panelOf(page).getByText('Result pending: Team One (Blue Side) reported a win', { exact: true }),
          `the pending headline (${page.viewportSize()!.width}px)`,
        );
      }
      expect(await panelOf(desktop).getByText('Team One (Blue Side) won', { exact: true }).count()).toBe(0);
      expect(await panelOf(desktop).getByText('Victory', { exact: true }).count()).toBe(0);
      const answerer = players.slice(0, 5).includes(captain) ? players[5]! : players[0]!;
      const confirmed = await answerer.context.request.post(`/api/scrims/${scrimId}/confirm-result`);
      expect(confirmed.status(), await confirmed.text()).toBe(200);

      // Confirmed: everyone sees the outcome and their own EXP, live; the level is the profile's.
      const expectOutcome = async (page: Page, person: Person, outcome: string, exp: string) => {
        const panel = panelOf(page);
        await waitVisible(panel.getByText('Team One (Blue Side) won', { exact: true }), `outcome for ${person.name}`);
        await waitVisible(panel.getByText(outcome, { exact: true }), `${outcome} for ${person.name}`);
        await waitVisible(panel.getByText(exp, { exact: true }), `${exp} for ${person.name}`);
        const { stats } = (await (await person.context.request.get(`/api/users/${person.id}/scrims`)).json()) as {
          stats: { userLevel: number; expProgress: number; expNeeded: number };
        };
        await waitVisible(
          panel.getByText(`Level ${stats.userLevel} · ${stats.expProgress}/${stats.expNeeded} EXP`, { exact: true }),
          `the profile's level for ${person.name}`,
        );
      };
      await expectOutcome(desktop, players[0]!, 'Victory', '+3 EXP');
      await expectOutcome(mobile, players[1]!, 'Victory', '+3 EXP');
      await expectOutcome(casterPage, caster, 'Casted', '+1 EXP');
      const redPlayer = players[5]!;
      const redPage = await redPlayer.context.newPage();
      await redPage.goto(`/scrims/${scrimId}`);
      await expectOutcome(redPage, redPlayer, 'Defeat', '+0.5 EXP');
      await panelShot(desktop, 'result-player-1280');
      await panelShot(mobile, 'result-player-390');
      await panelShot(casterPage, 'result-caster-390');
      for (const check of noGenerating) await check();

      for (const page of [desktop, mobile, casterPage, switcherPage, captainPage, redPage]) expectNoPageErrors(page);
      await Promise.all([...players, switcher, caster].map((p) => p.context.close()));
    },
  );

  it('no winner buttons while a team is short, and the server refuses one', async () => {
    const scrimId = await createScrim(-60_000);
    const nine = await Promise.all(SLOTS.slice(0, 9).map((_, i) => newPerson(browser, `s${i}`)));
    await fillSlots(nine, scrimId);
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await admin.newPage();
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.goto(`/scrims/${scrimId}`);
      await waitVisible(page.getByText('WAITING FOR PLAYERS'), `the started-but-short banner (${viewport})`);
      expect(await page.getByRole('button', { name: /\) won$/ }).count()).toBe(0);
      expect(await panelOf(page).count()).toBe(0);
      expectNoPageErrors(page);
      await page.close();
    }
    const refused = await admin.request.patch(`/api/scrims/${scrimId}/set-winner`, {
      data: { winnerTeamName: 'teamOne' },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'TEAMS_NOT_FULL',
      error: 'A winner can only be set once both teams have 5 players.',
    });
    await Promise.all(nine.map((p) => p.context.close()));
  });

  it('without a Riot API key the create form does not offer a code by default', async () => {
    const page = await admin.newPage();
    await page.goto('/scrims/new');
    const toggle = page.getByRole('switch', { name: 'Generate a tournament code' });
    await waitVisible(toggle, 'the tournament code switch');
    expect(await toggle.isChecked()).toBe(false);
    await waitVisible(
      page.getByText('This server has no Riot API key: players use the lobby name and password.'),
      'why',
    );
    expectNoPageErrors(page);
    await page.close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`a share link opened signed out offers "Sign in" and comes back to the scrim (${VIEWPORTS[viewport].width} px)`, async () => {
      const scrimId = await createScrim(3_600_000);
      const { context, page } = await newPage(browser, { baseURL, viewport });
      await page.goto(`/scrims/${scrimId}`);
      await waitVisible(page.getByRole('heading', { name: 'Sign in to join this scrim' }), 'the sign-in offer');
      expect(await page.getByRole('button', { name: /^Join/ }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `game-day-sign-in-offer-${viewport}`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Log In' });
      await waitVisible(dialog, 'the Log In dialog');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('faker.fan@scrimgym.dev');
      await dialog.getByRole('button', { name: 'Continue with a dev account' }).click();
      await waitForPath(page, `/scrims/${scrimId}`);
      await waitVisible(page.getByRole('heading', { name: TITLE }), 'the scrim, signed in');
      await waitVisible(page.getByRole('button', { name: /^Join Team One/ }), 'Join, once signed in');
      expectNoPageErrors(page);
      await context.close();
    });
  }
});

describe.skipIf(Boolean(skipReason))('game day with a Riot API key', () => {
  let fake: FakeRiot;
  let server: RunningServer;
  const browser = useBrowser();
  const adminEmail = `admin-${RUN.toLowerCase()}@game-day.test`;

  beforeAll(async () => {
    ({ fake, server } = await startRiotServer({ logName: 'server-game-day-riot', adminEmail }));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it(
    'the password shows the moment the full scrim starts, and the code appears beside it, live',
    { timeout: 180_000 },
    async () => {
      const admin = await newContext(browser, server.baseURL);
      await registerRiotAccount(fake, admin, adminEmail, e2eAccount(`Host ${RUN}`, `host_${RUN.toLowerCase()}`));
      const codes = await admin.newPage();
      await codes.goto('/scrims/new');
      const toggle = codes.getByRole('switch', { name: 'Generate a tournament code' });
      await waitVisible(toggle, 'the tournament code switch');
      expect(await toggle.isChecked(), 'on by default with a key').toBe(true);

      const players = await Promise.all(
        SLOTS.map(async (slot, i) => {
          const context = await newContext(browser, server.baseURL, i === 5 ? 'mobile' : 'desktop');
          const name = `Key ${RUN}${i}`;
          const { state } = await registerRiotAccount(
            fake,
            context,
            `key-${RUN.toLowerCase()}-${i}@game-day.test`,
            e2eAccount(name, `key_${RUN.toLowerCase()}_${i}`),
          );
          return { context, id: state.user!._id, slot };
        }),
      );
      const startsAt = Date.now() + 20_000;
      const created = await admin.request.post('/api/scrims', {
        data: { title: `Key ${RUN}`, region: 'NA', gameStartTime: new Date(startsAt).toISOString() },
      });
      expect(created.status(), await created.text()).toBe(201);
      const scrimId = ((await created.json()) as ScrimJson)._id;
      for (const { context, id, slot } of players) {
        const res = await context.request.patch(`/api/scrims/${scrimId}/insert-player/${id}`, {
          data: { playerData: { role: slot.role, team: { name: slot.team } } },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
      const { lobbyPassword } = (await (
        await players[0]!.context.request.get(`/api/scrims/${scrimId}`)
      ).json()) as ScrimJson;

      const desktop = await players[0]!.context.newPage();
      const mobile = await players[5]!.context.newPage();
      for (const page of [desktop, mobile]) {
        await page.goto(`/scrims/${scrimId}`);
        await waitVisible(page.getByText('Game starting in...'), 'the countdown');
      }
      const password = desktop.getByRole('button', { name: `Password ${lobbyPassword}`, exact: true });
      await waitVisible(password, 'the password at the start', startsAt - Date.now() + 15_000);
      const passwordMs = Date.now() - startsAt;
      const code = panelOf(desktop).getByRole('button', { name: /^Tournament Code NA/ });
      await waitVisible(code, 'the tournament code, live', 15_000);
      const codeMs = Date.now() - startsAt;
      console.log(`[e2e] with a key: password visible ${passwordMs} ms, code ${codeMs} ms after the start`);
      expect(passwordMs).toBeLessThan(3_000);
      // The password stays beside the code.
      expect(await password.isVisible()).toBe(true);
      await waitVisible(panelOf(mobile).getByRole('button', { name: /^Tournament Code NA/ }), 'the code at 390 px');
      await expectPanelWholeAndAboveTheFold(mobile, 'with a code, 390px');
      await expectPanelWholeAndAboveTheFold(desktop, 'with a code, 1280px');
      await panelShot(desktop, 'with-code-1280');
      await panelShot(mobile, 'with-code-390');
      expectNoPageErrors(desktop);
      expectNoPageErrors(mobile);
      await Promise.all([admin, ...players.map((p) => p.context)].map((c) => c.close()));
    },
  );
});
