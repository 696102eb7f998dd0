import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { computeStats, type ParticipatedScrimsResponse, type ProfileScrim, type UserProfile } from '@scrim-gym/shared';
import {
  chooseOption,
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  screenshot,
  waitVisible,
  type ViewportName,
} from './support/browser.js';
import { skipReason, runTag, useBrowser, registerPlayer, signedInPage } from './support/journey.js';
import { expectNoSeriousA11yViolationsIn } from './support/a11y-scope.js';

const RUN = runTag();

/** A demo player with six months of weekly inhouses (the demo seed). */
const SEEDED = { name: 'Faker Fan', tagline: 'NA1', email: 'faker.fan@scrimgym.dev' };
const SEEDED_PATH = `/users/${encodeURIComponent(SEEDED.name)}?region=NA&tagline=${SEEDED.tagline}`;
/** The journeys' browsers run in New York time (support/browser.ts). */
const TIME_ZONE = 'America/New_York';
const LIST_DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM) · /;

const getJson = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};

/** Every scrim of a filtered list, through all its pages. */
async function wholeList(request: APIRequestContext, userId: string, filter: string) {
  const all: ProfileScrim[] = [];
  let cursor: string | null = null;
  do {
    const page: ParticipatedScrimsResponse = await getJson(
      request,
      `/api/users/${userId}/scrims?filter=${filter}&limit=50${cursor ? `&cursor=${cursor}` : ''}`,
    );
    all.push(...page.scrims);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const localDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

/** The stats summary's figure for a label. */
const summaryValue = (page: Page, label: string) =>
  page.getByTestId('stats-summary').locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

const activityRange = async (page: Page) => (await page.getByTestId('activity-chart').getAttribute('data-range')) ?? '';

describe.skipIf(Boolean(skipReason))('profiles and statistics', () => {
  const browser = useBrowser();

  it(
    "a seeded player's long history: figures from the formula, chart ranges, list filters and sorts, both widths",
    { timeout: 180_000 },
    async () => {
      // The expected figures, counted from the lists an admin sees (private scrims included, as in the stats).
      const admin = await signedInPage(browser, 'admin@scrimgym.dev');
      const profile = await getJson<UserProfile>(admin.context.request, `/api${SEEDED_PATH}`);
      const request = admin.context.request;
      const [won, lost, casted] = await Promise.all([
        wholeList(request, profile._id, 'won'),
        wholeList(request, profile._id, 'lost'),
        wholeList(request, profile._id, 'casted'),
      ]);
      const expected = computeStats({ wins: won.length, losses: lost.length, casts: casted.length });
      expect(expected.userGamesPlayedCount, 'the seed gives this player a long history').toBeGreaterThanOrEqual(10);
      const played = [...won, ...lost];

      for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
        const { context, page } = await signedInPage(browser, 'wardbot@scrimgym.dev', { viewport });
        await page.goto(SEEDED_PATH);
        await waitVisible(page.getByRole('heading', { level: 1, name: SEEDED.name }), 'profile name');
        await waitVisible(page.getByTestId('user-level'), 'level');
        await expect.poll(() => page.getByTestId('user-level').textContent()).toBe(`Level ${expected.userLevel}`);
        expect(await page.getByTestId('exp-progress').textContent()).toBe(
          `${expected.expProgress} / ${expected.expNeeded} EXP`,
        );
        await waitVisible(page.getByTestId('stats-summary'), 'stats summary');
        const figures = {
          Level: String(expected.userLevel),
          'Total EXP': String(expected.userExp),
          'Win Rate': `${expected.userWinrate}%`,
          Wins: String(expected.userWins),
          Losses: String(expected.userLosses),
          'Games Played': String(expected.userGamesPlayedCount),
          'Games Casted': String(expected.userGamesCastedCount),
        };
        for (const [label, value] of Object.entries(figures)) {
          expect(await summaryValue(page, label).textContent(), label).toBe(value);
        }
        await waitVisible(
          page.getByRole('figure', { name: new RegExp(`^Win Rate\\s*: ${expected.userWinrate}%`) }),
          'pie',
        );
        await waitVisible(page.getByRole('link', { name: /summoner stats on op\.gg/ }), 'summoner-stats link');

        // Activity: 6M by default, in weeks; every finished game of the seed lies within it.
        await expect.poll(() => activityRange(page)).toMatch(/\/week$/);
        await expect
          .poll(() => page.getByTestId('activity-totals').textContent())
          .toContain(`${expected.userGamesPlayedCount} Played · ${expected.userGamesCastedCount} Casted`);
        if (viewport === 'desktop') {
          // The profile itself; the navigation bar around it has its own journeys.
          await expectNoSeriousA11yViolationsIn(page, 'main', 'profile page');
          await screenshot(page, 'profiles-seeded-desktop');
          // 3M: the games of the last three months, counted independently from the list's dates.
          const sixMonths = await activityRange(page);
          await page.getByRole('button', { name: '3M', exact: true }).click();
          await expect.poll(() => activityRange(page)).not.toBe(sixMonths);
          expect(await activityRange(page)).toMatch(/\/week$/);
          const [from3, to3] = (await activityRange(page)).split('/') as [string, string];
          const inRange = played.filter((s) => localDay(s.gameStartTime) >= from3 && localDay(s.gameStartTime) <= to3);
          await expect
            .poll(() => page.getByTestId('activity-totals').textContent())
            .toContain(`${from3} – ${to3} · ${inRange.length} Played`);
          expect(inRange.length).toBeLessThan(played.length);
          // 1Y: months.
          await page.getByRole('button', { name: '1Y', exact: true }).click();
          await expect.poll(() => activityRange(page)).toMatch(/\/month$/);
          // A custom range of one month: days.
          const month = localDay(played[0]!.gameStartTime).slice(0, 7);
          await page.getByLabel('From', { exact: true }).fill(`${month}-01`);
          await page.getByLabel('To', { exact: true }).fill(`${month}-28`);
          await expect.poll(() => activityRange(page)).toBe(`${month}-01/${month}-28/day`);
          const inMonth = played.filter(
            (s) => localDay(s.gameStartTime).startsWith(month) && localDay(s.gameStartTime) <= `${month}-28`,
          );
          await expect
            .poll(() => page.getByTestId('activity-totals').textContent())
            .toContain(`${inMonth.length} Played`);
          await page.getByTestId('activity-chart').scrollIntoViewIfNeeded();
          await page.mouse.move(0, 0);
          await screenshot(page, 'profiles-seeded-desktop-custom-range', { fullPage: false });
          await page.getByRole('button', { name: 'Casted', exact: true }).click();
          expect(await page.getByRole('button', { name: 'Casted', exact: true }).getAttribute('aria-pressed')).toBe(
            'true',
          );
          await page.getByRole('button', { name: 'Clear', exact: true }).click();
          await expect.poll(() => activityRange(page)).toMatch(/\/week$/);
        }

        // The participated list: filters and sort, dates as MM/DD/yyyy hh:mm A.
        const list = page.getByRole('region', { name: /Scrims Participated In/ });
        const rows = list.locator('li');
        await waitVisible(rows.first(), 'participated rows');
        expect(await rows.first().locator('p').textContent()).toMatch(LIST_DATE);
        await chooseOption(page, list.getByRole('combobox', { name: 'Filter' }), 'Matches Won');
        await expect.poll(() => list.getByTestId('list-total').textContent()).toBe(`(${won.length})`);
        await expect.poll(() => rows.filter({ hasText: 'Lost' }).count()).toBe(0);
        await chooseOption(page, list.getByRole('combobox', { name: 'Filter' }), 'Games Casted');
        await expect.poll(() => list.getByTestId('list-total').textContent()).toBe(`(${casted.length})`);
        await chooseOption(page, list.getByRole('combobox', { name: 'Filter' }), 'Games Played');
        await expect.poll(() => list.getByTestId('list-total').textContent()).toBe(`(${played.length})`);
        const newest = played
          .map((s) => s.gameStartTime)
          .sort()
          .at(-1)!;
        const oldest = played.map((s) => s.gameStartTime).sort()[0]!;
        await expect.poll(() => rows.first().locator('time').getAttribute('datetime')).toBe(newest);
        await list.getByRole('button', { name: /Sort by date/ }).click();
        await expect.poll(() => rows.first().locator('time').getAttribute('datetime')).toBe(oldest);
        // Not the owner, not an admin: no created list.
        expect(await page.getByRole('region', { name: /Created Scrims/ }).count()).toBe(0);

        await expectNoHorizontalOverflow(page, `profile at ${viewport}`);
        if (viewport === 'mobile') {
          // From the top, with the navigation bar back in place.
          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot(page, 'profiles-seeded-mobile');
        }
        expectNoPageErrors(page);
        await context.close();
      }
      await admin.context.close();
    },
  );

  it(
    'own profile: background and blur pickers, friends dialog; another player: friend request; an admin: ban and unban',
    { timeout: 120_000 },
    async () => {
      const account = (i: number) => ({
        name: `Prof ${RUN}${i}`,
        handle: `prof-${RUN}-${i}`,
        tagline: 'E2E',
        rank: 'Silver 2',
      });
      const owner = await registerPlayer(browser, { ...account(1), viewport: 'mobile' });
      const ownPath = `/users/${encodeURIComponent(owner.name)}?region=NA&tagline=E2E`;

      // The owner: pickers, no friend button; the drawer's My Friends opens the friends dialog.
      await owner.page.goto(`${ownPath}&friends=1`);
      await waitVisible(owner.page.getByRole('dialog', { name: `${owner.name}'s Friends` }), 'friends dialog');
      await waitVisible(owner.page.getByText('No friends found'), 'no friends yet');
      await owner.page.keyboard.press('Escape');
      await chooseOption(owner.page, owner.page.getByRole('combobox', { name: 'Background' }), 'Teemo Sunset');
      await waitVisible(owner.page.getByText('Profile background updated!'), 'background alert');
      await chooseOption(owner.page, owner.page.getByRole('combobox', { name: 'Blur' }), 'Min');
      await expect
        .poll(() => owner.page.getByTestId('profile-background').getAttribute('src'))
        .toContain('teemo-sunset');
      const saved = await getJson<UserProfile>(owner.context.request, `/api/users/by-id/${owner.id}`);
      expect(saved).toMatchObject({ profileBackgroundImg: 'Teemo Sunset', profileBackgroundBlur: '4' });
      expect(await owner.page.getByRole('button', { name: 'Send Friend Request' }).count()).toBe(0);
      await expectNoHorizontalOverflow(owner.page, 'own profile at mobile width');
      await screenshot(owner.page, 'profiles-own-mobile');

      // Another player sends a friend request: the button becomes 'Friend Request Sent', disabled.
      const other = await registerPlayer(browser, account(2));
      await other.page.goto(ownPath);
      await other.page.getByRole('button', { name: 'Send Friend Request' }).click();
      await waitVisible(other.page.getByText(`Friend request sent to ${owner.name}!`), 'friend request alert');
      await waitVisible(other.page.getByRole('button', { name: 'Friend Request Sent' }), 'sent state');
      expect(await other.page.getByRole('button', { name: 'Friend Request Sent' }).isDisabled()).toBe(true);
      expect(await other.page.getByRole('button', { name: 'Ban This User' }).count()).toBe(0);
      await screenshot(other.page, 'profiles-other-desktop', { fullPage: false });

      // An admin bans the owner with the form, then lifts the ban.
      const admin = await signedInPage(browser, 'admin@scrimgym.dev');
      await admin.page.goto(ownPath);
      await admin.page.getByRole('button', { name: 'Ban This User' }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Ban ${owner.name}` });
      await waitVisible(dialog, 'ban dialog');
      await dialog.getByLabel(/Reason/).fill('e2e: testing the ban form');
      await screenshot(admin.page, 'profiles-admin-ban-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
      await waitVisible(admin.page.getByText('User banned successfully'), 'ban alert');
      await waitVisible(admin.page.getByRole('button', { name: 'Unban This User' }), 'unban button');
      // The banned owner is refused (the ban also ended their sessions).
      const refused = await owner.context.request.get(`/api/users/by-id/${owner.id}`);
      expect([401, 403]).toContain(refused.status());
      await admin.page.getByRole('button', { name: 'Unban This User' }).click();
      await waitVisible(admin.page.getByText('User unbanned successfully'), 'unban alert');
      await waitVisible(admin.page.getByRole('button', { name: 'Ban This User' }), 'ban button again');

      for (const page of [owner.page, other.page, admin.page]) expectNoPageErrors(page);
      await Promise.all([owner.context, other.context, admin.context].map((c) => c.close()));
    },
  );
});
