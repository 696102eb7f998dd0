import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  newContext,
  screenshot,
  signInViaApi,
  waitVisible,
} from './support/browser.js';
import {
  baseURL,
  createBalancedScrim,
  runTag,
  skipReason,
  useBrowser,
  useSignedInContext,
  type RegisteredContext,
} from './support/journey.js';
import { ROLES, moveStart, readScrim, registerPeople, signUp } from './support/lobby.js';

/**
 * After the balanced teams (e2e/balanced.test.ts) comes what makes ratings trustworthy, on
 * the shared journeys' server: the lobby captain reports the winner, a player of the other team confirms it on the
 * scrim page, every player's rating change appears live, and the leaderboard shows the new ratings, at 1280 and
 * 390 px.
 */
const RUN = runTag();
const TITLE = `Rated ${RUN}`;
const RANKS = ['Iron 1', 'Bronze 2', 'Silver 1', 'Gold 3', 'Gold 1', 'Platinum 4', 'Emerald 2', 'Diamond 3', 'Master'];

interface ScrimJson {
  _id: string;
  title: string;
  region: string;
  lobbyName?: string;
  lobbyPassword?: string;
  lobbyHost: { _id: string } | null;
  teamOne: { _user: { _id: string } }[];
  teamTwo: { _user: { _id: string } }[];
  result: { status: string; source: string } | null;
  ratingChanges: { userId: string; before: number; after: number }[];
}

const readRated = (context: BrowserContext, scrimId: string) => readScrim<ScrimJson>(context, scrimId);

/** A page of `person` at `viewport`, signed in in a context of its own (recording page errors). */
async function pageOf(
  browser: Parameters<typeof newContext>[0],
  person: RegisteredContext,
  viewport: 'desktop' | 'mobile',
) {
  const context = await newContext(browser, baseURL, viewport);
  await signInViaApi(context, person.email);
  const page = await context.newPage();
  expectNoPageErrors(page);
  return page;
}

const ratingChangeLabels = (page: Page) => page.getByLabel(/^Rating (\+\d+|−\d+|±0)$/);

describe.skipIf(Boolean(skipReason))('fair results: a confirmed report moves ratings', () => {
  const browser = useBrowser();
  const admin = useSignedInContext(browser);

  it(
    'the captain reports, the other team confirms on the page, ratings change live, the leaderboard shows them',
    { timeout: 300_000 },
    async () => {
      const scrimId = await createBalancedScrim(admin, TITLE);

      const people = await registerPeople(browser, {
        prefix: 'Rated',
        run: RUN,
        count: 10,
        rank: (i) => RANKS[i % RANKS.length]!,
      });
      for (const [i, person] of people.entries()) await signUp(person, scrimId, ROLES[i % 5]!, ROLES[(i + 1) % 5]!);

      // The game is on: the admin moves the start into the past.
      await moveStart(admin, scrimId, Date.now() - 60_000);
      const scrim = await readRated(admin, scrimId);
      const captainId = scrim.lobbyHost!._id;
      const byId = (id: string) => people.find((p) => p.id === id)!;
      const captainTeam = scrim.teamOne.some((p) => p._user._id === captainId) ? 'teamOne' : 'teamTwo';
      const otherTeam = captainTeam === 'teamOne' ? scrim.teamTwo : scrim.teamOne;
      const confirmer = byId(otherTeam[0]!._user._id);
      const winner = byId(captainId);

      // The confirmer watches at 1280 px; a player of the captain's team at 390 px.
      const desktop = await pageOf(browser, confirmer, 'desktop');
      const mobile = await pageOf(browser, winner, 'mobile');
      for (const page of [desktop, mobile]) {
        await page.goto(`/scrims/${scrimId}`);
        await waitVisible(page.getByRole('region', { name: 'Lobby ready' }), 'the game-day panel');
      }

      // The captain reports his own team as the winner: pending until the other team answers.
      const reported = await winner.context.request.patch(`/api/scrims/${scrimId}/set-winner`, {
        data: { winnerTeamName: captainTeam },
      });
      expect(reported.status(), await reported.text()).toBe(200);
      expect((await readRated(admin, scrimId)).result).toMatchObject({ status: 'pending', source: 'captain' });
      for (const page of [desktop, mobile]) {
        await waitVisible(page.getByText(/confirms itself/), `the pending report (${page.viewportSize()!.width}px)`);
      }
      expect(await ratingChangeLabels(desktop).count(), 'no rating moves before the confirmation').toBe(0);
      // Only the other team may answer: the captain's teammate is offered nothing.
      expect(await mobile.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);
      await screenshot(desktop, 'fair-reported-1280', { fullPage: true });

      await desktop.getByRole('button', { name: 'Confirm', exact: true }).click();
      for (const page of [desktop, mobile]) {
        // The label names who confirmed: the other team's side.
        await waitVisible(
          page.getByText(/^Confirmed by (Blue|Red)$/),
          `the confirmed result (${page.viewportSize()!.width}px)`,
        );
        await expect.poll(() => ratingChangeLabels(page).count(), { timeout: 15_000 }).toBe(10);
      }
      const rated = await readRated(admin, scrimId);
      expect(rated.result).toMatchObject({ status: 'confirmed' });
      expect(rated.ratingChanges).toHaveLength(10);
      const change = (person: RegisteredContext) => rated.ratingChanges.find((c) => c.userId === person.id)!;
      expect(change(winner).after, 'the winner gains').toBeGreaterThan(change(winner).before);
      expect(change(confirmer).after, 'the loser drops').toBeLessThan(change(confirmer).before);
      for (const page of [desktop, mobile]) {
        await expectNoHorizontalOverflow(page, `rated scrim ${page.viewportSize()!.width}px`);
        await expectNoSeriousA11yViolations(page);
      }
      await screenshot(desktop, 'fair-rated-1280', { fullPage: true });
      await screenshot(mobile, 'fair-rated-390', { fullPage: true });

      // The profile API and the leaderboard agree with the scrim.
      const rating = await winner.context.request.get(`/api/users/${winner.id}/rating`);
      expect(rating.status(), await rating.text()).toBe(200);
      expect(await rating.json()).toMatchObject({
        rating: change(winner).after,
        gamesRated: 1,
        provisional: true,
        history: [{ scrimId, before: change(winner).before, after: change(winner).after }],
      });
      for (const [page, person] of [
        [desktop, confirmer],
        [mobile, winner],
      ] as const) {
        await page.goto('/leaderboard?region=NA');
        const mine = page.getByRole('region', { name: 'Your rank' });
        await waitVisible(mine.getByText(person.name), `own row (${page.viewportSize()!.width}px)`);
        await expect.poll(() => mine.textContent()).toContain(String(change(person).after));
        await expectNoHorizontalOverflow(page, `leaderboard ${page.viewportSize()!.width}px`);
      }
      await screenshot(desktop, 'fair-leaderboard-1280', { fullPage: true });
      await screenshot(mobile, 'fair-leaderboard-390', { fullPage: true });
    },
  );
});
