import { describe, expect, it } from 'vitest';
import {
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  screenshot,
  waitVisible,
} from './support/browser.js';
import {
  createBalancedScrim,
  runTag,
  skipReason,
  useBrowser,
  useSignedInContext,
  type Player,
} from './support/journey.js';
import { ROLES, registerPeople, signUp } from './support/lobby.js';

/**
 * A balanced scrim as players feel it, on the shared journeys' server: nine sign up, the tenth signs up
 * in the browser with their roles, and the teams appear live, with the win probability, on the page another
 * player has open (1280 px) and on the tenth's own page (390 px). Then the tenth withdraws: Withdraw asks first
 * and names the cost, and the other nine keep their seats, live on the other page.
 */
interface ScrimSeats {
  balance: { blueWinProbability: number } | null;
  signups: { _user: { _id: string; name: string } }[];
  teamOne: { _user: { _id: string }; role: string }[];
  teamTwo: { _user: { _id: string }; role: string }[];
}

/** Each seat as "userId team role", sorted. */
const seatsOf = (scrim: ScrimSeats) =>
  [
    ...scrim.teamOne.map((p) => `${p._user._id} teamOne ${p.role}`),
    ...scrim.teamTwo.map((p) => `${p._user._id} teamTwo ${p.role}`),
  ].sort();

const RUN = runTag();
const TITLE = `Balanced ${RUN}`;
const RANKS = ['Iron 2', 'Bronze 1', 'Silver 3', 'Gold 4', 'Gold 1', 'Platinum 2', 'Emerald 4', 'Diamond 1', 'Master'];

describe.skipIf(Boolean(skipReason))('balanced teams: ten sign up, the teams appear live', () => {
  const browser = useBrowser();
  const admin = useSignedInContext(browser);

  it(
    "the tenth sign-up makes the teams; both open pages show them and each team's win probability",
    { timeout: 240_000 },
    async () => {
      const scrimId = await createBalancedScrim(admin, TITLE);

      // Players 0 (1280 px) and 9 (390 px) have a page open (recording its errors); the others use the API.
      const people = await registerPeople(browser, {
        prefix: 'Bal',
        run: RUN,
        count: 10,
        rank: (i) => RANKS[i % RANKS.length]!,
        viewports: { 0: 'desktop', 9: 'mobile' },
        withPages: true,
      });
      for (const [i, person] of people.slice(0, 9).entries()) {
        await signUp(person, scrimId, ROLES[i % 5]!, ROLES[(i + 2) % 5]!);
      }

      const watching = (people[0] as Player).page;
      const tenth = (people[9] as Player).page;
      for (const page of [watching, tenth]) {
        await page.goto(`/scrims/${scrimId}`);
        await waitVisible(page.getByText('9/10 signed up'), 'the nine sign-ups');
      }
      expect(await watching.getByRole('button', { name: 'Withdraw' }).count()).toBe(1);
      await watching.evaluate(() => ((window as { noReload?: number }).noReload = 1));

      // The tenth picks roles and signs up at 390 px.
      await tenth.getByRole('combobox', { name: 'Primary role' }).click();
      await tenth.getByRole('option', { name: 'Support' }).click();
      await tenth.getByRole('button', { name: 'Sign up' }).click();

      for (const page of [tenth, watching]) {
        await waitVisible(page.getByText('The teams are made: see your side and role below.'), 'the made teams');
        await waitVisible(page.getByTestId('win-probability'), 'the win probability');
        expect(await page.getByTestId('win-probability').textContent()).toMatch(
          /^Win probability: Team One \(Blue Side\) \d+ % \/ Team Two \(Red Side\) \d+ %$/,
        );
        expect(
          await page
            .getByRole('list', { name: /Team One/ })
            .getByRole('listitem')
            .filter({ hasText: RUN })
            .count(),
        ).toBe(5);
        expect(
          await page
            .getByRole('list', { name: /Team Two/ })
            .getByRole('listitem')
            .filter({ hasText: RUN })
            .count(),
        ).toBe(5);
        await expectNoHorizontalOverflow(page, `balanced scrim ${page.viewportSize()!.width}px`);
        await expectNoSeriousA11yViolations(page);
      }
      // The tenth withdraws in the panel (before the lock), not with a slot's Leave.
      expect(await tenth.getByRole('button', { name: 'Leave this game' }).count()).toBe(0);
      expect(await tenth.getByRole('button', { name: 'Withdraw' }).count()).toBe(1);
      // Live, not reloaded.
      expect(await watching.evaluate(() => (window as { noReload?: number }).noReload)).toBe(1);
      await screenshot(watching, 'balanced-made-1280', { fullPage: true });
      await screenshot(tenth, 'balanced-made-390', { fullPage: true });

      const made = (await (await admin.request.get(`/api/scrims/${scrimId}`)).json()) as ScrimSeats;
      expect(made.signups).toHaveLength(10);
      expect(made.balance?.blueWinProbability).toBeGreaterThan(0);

      // Withdraw asks first and names the cost (an hour before: a late leave); Stay changes nothing.
      const seatOfWatching = () =>
        watching
          .getByRole('listitem')
          .filter({ hasText: `Bal ${RUN}0` })
          .first();
      const before = await seatOfWatching().textContent();
      for (const page of [watching, tenth]) {
        await page.getByRole('button', { name: 'Withdraw' }).click();
        const dialog = page.getByRole('dialog', { name: 'Withdraw from this scrim?' });
        await waitVisible(dialog.getByText('Withdrawing now is a late leave'), 'the cost of withdrawing');
        await waitVisible(dialog.getByText('The other nine keep their seats.', { exact: false }), 'the seats');
        await screenshot(page, `withdraw-dialog-${page.viewportSize()!.width}`, { fullPage: false });
        if (page === watching) await dialog.getByRole('button', { name: 'Stay' }).click();
        else await dialog.getByRole('button', { name: 'Withdraw' }).click();
      }
      // The tenth withdrew: the nine keep their seats, live on the other page, and sign-ups reopen for the seat.
      for (const page of [tenth, watching]) await waitVisible(page.getByText('9/10 signed up'), 'nine sign-ups');
      expect(await seatOfWatching().textContent()).toBe(before);
      expect(await tenth.getByRole('button', { name: 'Sign up' }).count()).toBe(1);
      const after = (await (await admin.request.get(`/api/scrims/${scrimId}`)).json()) as ScrimSeats;
      const tenthId = made.signups.find((s) => s._user.name === `Bal ${RUN}9`)!._user._id;
      expect(seatsOf(after)).toEqual(seatsOf(made).filter((s) => !s.startsWith(tenthId)));
      expect(await watching.evaluate(() => (window as { noReload?: number }).noReload)).toBe(1);
      await screenshot(watching, 'withdrawn-lobby-1280', { fullPage: true });
      await screenshot(tenth, 'withdrawn-lobby-390', { fullPage: true });
      for (const page of [watching, tenth]) expectNoPageErrors(page);
    },
  );
});
