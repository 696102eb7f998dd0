import { describe, expect, it } from 'vitest';
import {
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  screenshot,
  waitVisible,
  type ViewportName,
} from './support/browser.js';
import { runTag, skipReason, useBrowser, useSignedInContext, type Player } from './support/journey.js';
import {
  createScrimAs,
  expectNotReloaded,
  fillSlots,
  markNoReload,
  moveStart,
  readScrim,
  registerPeople,
} from './support/lobby.js';
import { MINUTE } from './support/time.js';

/**
 * Everyone shows up, as players and hosts feel it on the shared journeys' server: a waitlisted player
 * takes the slot that opens, live; a player checks in from the bell's notification; a community host runs a
 * whole scrim, from the create form to the result, substituting a player who did not come.
 */
const RUN = runTag();

interface ScrimJson {
  _id: string;
  title: string;
  gameStartTime: string;
  lobbyName: string | null;
  lobbyPassword: string | null;
  teamWon: string | null;
  hostedBy: { _id: string } | null;
  checkIn: { checkedIn: string[] } | null;
  waitlist: { _user: { _id: string } }[];
  substitutions: { outUserId: string | null; inUserId: string }[];
  teamOne: { role: string; _user: { _id: string } }[];
  teamTwo: { role: string; _user: { _id: string } }[];
  result: { status: string; reportedBy: string | null } | null;
}

describe.skipIf(Boolean(skipReason))('everyone shows up', () => {
  const browser = useBrowser();
  const admin = useSignedInContext(browser);

  const createScrim = (title: string, startsInMs: number, extra: object = {}) =>
    createScrimAs<ScrimJson>(admin, { title, startsInMs, ...extra });
  const people = (prefix: string, count: number, viewports: Record<number, ViewportName>) =>
    registerPeople(browser, { prefix, run: RUN, count, viewports, withPages: true });

  it(
    'a waitlisted player (390 px) takes the Mid slot the moment it opens, live, and a watcher (1280 px) sees it',
    { timeout: 240_000 },
    async () => {
      const scrim = await createScrim(`Waitlist ${RUN}`, 4 * 60 * MINUTE);
      const all = await people('Wait', 12, { 0: 'desktop', 11: 'mobile' });
      const ten = all.slice(0, 10);
      await fillSlots(ten, scrim._id);
      const watcher = (all[0] as Player).page;
      const waiting = all[11] as Player;
      const second = all[10]!;

      for (const page of [watcher, waiting.page]) await page.goto(`/scrims/${scrim._id}`);
      const panel = waiting.page.getByRole('region', { name: 'Waitlist' });
      await waitVisible(panel.getByRole('button', { name: 'Join waitlist' }), 'Join waitlist on a full scrim');
      // The eleventh waits for Mid in the browser; the twelfth for any role through the API, behind them.
      await panel.getByRole('combobox', { name: 'Role wanted' }).click();
      await waiting.page.getByRole('option', { name: 'Mid', exact: true }).click();
      await panel.getByRole('button', { name: 'Join waitlist' }).click();
      await waitVisible(panel.getByText('You are on the waitlist (#1).'), 'the waitlist position');
      const behind = await second.context.request.post(`/api/scrims/${scrim._id}/waitlist`, { data: { role: 'any' } });
      expect(behind.status(), await behind.text()).toBe(200);
      await waitVisible(watcher.getByText(second.name), 'the second waitlisted player, live for the watcher');
      await screenshot(waiting.page, 'show-up-waitlist-390', { fullPage: true });
      for (const page of [watcher, waiting.page]) await markNoReload(page);

      // Blue's Mid leaves four hours ahead, with a reason (costs nothing): the first waiting for Mid takes it.
      const leaver = ten[2]!;
      const left = await leaver.context.request.patch(`/api/scrims/${scrim._id}/remove-player/${leaver.id}`, {
        data: { reason: 'Family dinner' },
      });
      expect(left.status(), await left.text()).toBe(200);
      await waitVisible(
        waiting.page.getByText('A spot opened: you are in as Mid on Team One (Blue Side)!'),
        'the promotion notice, live',
      );
      const blueMid = watcher
        .getByRole('list', { name: /Team One/ })
        .getByRole('listitem')
        .filter({ hasText: 'Mid' });
      await waitVisible(blueMid.getByText(waiting.name), 'the promoted player in Blue Mid, live for the watcher');
      for (const page of [watcher, waiting.page]) {
        await expectNotReloaded(page);
        await expectNoHorizontalOverflow(page, `promoted ${page.viewportSize()!.width}px`);
        await expectNoSeriousA11yViolations(page);
      }
      await screenshot(waiting.page, 'show-up-promoted-390', { fullPage: true });
      await screenshot(watcher, 'show-up-promoted-1280', { fullPage: true });

      const final = await readScrim<ScrimJson>(admin, scrim._id);
      expect(final.teamOne.find((p) => p.role === 'Mid')?._user._id).toBe(waiting.id);
      expect(final.waitlist.map((w) => w._user._id)).toEqual([second.id]);
      const reliability = await leaver.context.request.get(`/api/users/${leaver.id}/reliability`);
      expect(((await reliability.json()) as { noShows: number; cooldownUntil: unknown }).cooldownUntil).toBeNull();
      for (const page of [watcher, waiting.page]) expectNoPageErrors(page);
    },
  );

  it(
    "a player checks in from the bell's notification; the others see the confirmed mark live",
    { timeout: 240_000 },
    async () => {
      const scrim = await createScrim(`Check-in ${RUN}`, 2 * 60 * MINUTE, { lobbyName: `Lobby ${RUN}` });
      const ten = await people('Check', 10, { 0: 'mobile', 1: 'desktop' });
      await fillSlots(ten, scrim._id);
      const me = ten[0] as Player;
      const watcher = (ten[1] as Player).page;
      await watcher.goto(`/scrims/${scrim._id}`);
      await me.page.goto('/scrims');
      await waitVisible(me.page.getByRole('button', { name: /^Notifications/ }), 'the bell');

      // The start moves to 20 minutes from now: check-in opens at once and every player is told.
      await moveStart(admin, scrim._id, Date.now() + 20 * MINUTE);

      await waitVisible(
        me.page.getByRole('button', { name: 'Notifications, 1 unread', exact: true }),
        'the check-in notification, live',
        30_000,
      );
      await me.page.getByRole('button', { name: /^Notifications/ }).click();
      const bell = me.page.getByRole('dialog', { name: 'Notifications' });
      const notice = bell.getByRole('button', { name: new RegExp(`^Check-in is open for Check-in ${RUN}`) });
      await waitVisible(notice, 'the check-in notification in the bell');
      await screenshot(me.page, 'show-up-checkin-notification-390', { fullPage: false });
      await notice.click();
      await me.page.waitForURL(new RegExp(`/scrims/${scrim._id}`));

      const checkIn = me.page.getByRole('button', { name: 'Check in', exact: true });
      await waitVisible(checkIn, 'the Check in button');
      await markNoReload(watcher);
      await checkIn.click();
      await waitVisible(me.page.getByText('Checked in ✓'), 'checked in');
      await waitVisible(watcher.getByText('1/10 confirmed'), 'the confirmed count, live for another player');
      await waitVisible(
        watcher.getByRole('listitem').filter({ hasText: me.name }).getByRole('img', { name: 'Checked in' }),
        "the checked-in mark on the player's slot, live",
      );
      await expectNotReloaded(watcher);
      for (const page of [me.page, watcher]) {
        await expectNoHorizontalOverflow(page, `checked in ${page.viewportSize()!.width}px`);
        await expectNoSeriousA11yViolations(page);
      }
      await screenshot(me.page, 'show-up-checked-in-390', { fullPage: true });
      await screenshot(watcher, 'show-up-checked-in-1280', { fullPage: true });
      expect((await readScrim<ScrimJson>(admin, scrim._id)).checkIn?.checkedIn).toEqual([me.id]);
      for (const page of [me.page, watcher]) expectNoPageErrors(page);
    },
  );

  it(
    'a community host runs a whole scrim: creates it (check-in off), substitutes a no-show, reports the result',
    { timeout: 300_000 },
    async () => {
      const [host, ...rest] = await people('Host', 12, { 0: 'desktop' });
      const hostPage = (host as Player).page;
      const granted = await admin.request.post('/api/admin/hosts', { data: { userId: host!.id, region: 'NA' } });
      expect(granted.status(), await granted.text()).toBe(201);

      // The create form, in the browser's own zone: a host schedules at least 15 minutes ahead (20 here).
      await hostPage.goto('/scrims/new');
      const title = `Hosted ${RUN}`;
      await hostPage.getByRole('textbox', { name: 'Title' }).fill(title);
      const start = await hostPage.evaluate(() => {
        const at = new Date(Date.now() + 20 * 60_000);
        at.setSeconds(0, 0);
        const pad = (n: number) => String(n).padStart(2, '0');
        return {
          ms: at.getTime(),
          date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
          time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
        };
      });
      await hostPage.getByLabel('Start date').fill(start.date);
      await hostPage.getByLabel('Start time').fill(start.time);
      await hostPage.getByRole('switch', { name: 'Generate a tournament code' }).uncheck();
      await hostPage.getByRole('switch', { name: /^Players check in/ }).uncheck();
      await screenshot(hostPage, 'show-up-host-create-1280', { fullPage: true });
      await hostPage.getByRole('button', { name: 'Create Scrim' }).click();
      await hostPage.waitForURL(/\/scrims\/[0-9a-f-]{36}/);
      const scrimId = /\/scrims\/([0-9a-f-]{36})/.exec(hostPage.url())![1]!;
      await waitVisible(
        hostPage.locator('div', { has: hostPage.getByText('Hosted by', { exact: true }) }).getByText(host!.name),
        '"Hosted by" the host on the page',
      );

      const created = await readScrim<ScrimJson>(admin, scrimId);
      expect(created.hostedBy?._id).toBe(host!.id);
      expect(created.checkIn).toBeNull();
      expect(Date.parse(created.gameStartTime)).toBe(start.ms);

      // Ten join, one waits for any role; the game starts.
      const [absent, ...others] = rest.slice(0, 10);
      const sub = rest[10]!;
      await fillSlots([absent!, ...others], scrimId);
      const waited = await sub.context.request.post(`/api/scrims/${scrimId}/waitlist`, { data: { role: 'any' } });
      expect(waited.status(), await waited.text()).toBe(200);
      await waitVisible(hostPage.getByText(sub.name), 'the waitlisted player on the host page');
      await markNoReload(hostPage);
      // Not to wait 20 minutes: an admin moves the start to a few seconds from now (the host could not).
      const startsAt = Date.now() + 10_000;
      await moveStart(admin, scrimId, startsAt);

      // After the start the host replaces the absentee with the waitlisted player.
      const substitute = hostPage.getByRole('button', { name: `Substitute ${absent!.name}`, exact: true });
      await waitVisible(substitute, 'Substitute on the slot after the start', startsAt - Date.now() + 20_000);
      await substitute.click();
      const dialog = hostPage.getByRole('dialog', { name: `Substitute ${absent!.name}`, exact: true });
      await dialog.getByRole('radio', { name: new RegExp(sub.name) }).check();
      await screenshot(hostPage, 'show-up-host-substitute-1280', { fullPage: false });
      await dialog.getByRole('button', { name: 'Substitute', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      const blueTop = hostPage
        .getByRole('list', { name: /Team One/ })
        .getByRole('listitem')
        .filter({ hasText: 'Top' });
      await waitVisible(blueTop.getByText(sub.name), 'the substitute in the slot');
      await waitVisible(hostPage.getByText('replaced'), 'the substitution shown');

      // The host reports the winner: pending, as a captain's report, until the other team confirms it.
      await hostPage.getByRole('button', { name: 'Team One (Blue Side) won' }).first().click();
      await hostPage.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
      await waitVisible(
        hostPage.getByRole('status').filter({ hasText: 'RESULT PENDING: TEAM ONE (BLUE SIDE) REPORTED A WIN' }),
        'the pending banner',
      );
      await expectNotReloaded(hostPage);
      await expectNoHorizontalOverflow(hostPage, 'host scrim 1280px');
      await expectNoSeriousA11yViolations(hostPage);
      await screenshot(hostPage, 'show-up-host-result-1280', { fullPage: true });

      const reported = await readScrim<ScrimJson>(admin, scrimId);
      expect(reported.result).toMatchObject({ status: 'pending', reportedBy: host!.id });
      const red = rest.find((person) => reported.teamTwo.some((slot) => slot._user._id === person.id))!;
      const confirmed = await red.context.request.post(`/api/scrims/${scrimId}/confirm-result`);
      expect(confirmed.status(), await confirmed.text()).toBe(200);

      // The other team's confirmation turns the banner into the win, live.
      await waitVisible(
        hostPage.getByRole('status').filter({ hasText: 'TEAM ONE (BLUE SIDE) WON!' }),
        'the winner banner once confirmed',
      );
      const final = await readScrim<ScrimJson>(admin, scrimId);
      expect(final.teamWon).toBe('teamOne');
      expect(final.result?.status).toBe('confirmed');
      expect(final.substitutions).toEqual([expect.objectContaining({ outUserId: absent!.id, inUserId: sub.id })]);
      const reliability = (await (await sub.context.request.get(`/api/users/${absent!.id}/reliability`)).json()) as {
        noShows: number;
      };
      expect(reliability.noShows).toBe(1);
      expectNoPageErrors(hostPage);
    },
  );
});
