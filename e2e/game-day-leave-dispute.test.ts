import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, expectNoPageErrors, screenshot, waitVisible, type ViewportName } from './support/browser.js';
import { runTag, skipReason, useBrowser, useSignedInContext, type RegisteredContext } from './support/journey.js';
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
 * Game day when it goes wrong, on the shared journeys' server: a player leaves after the start (the confirm names
 * the cost, the nine keep their lobby, the waitlisted player takes the seat and sees the lobby), and a disputed
 * result (no "won" anywhere until an admin resolves it from the dashboard; the players then see the outcome).
 * Two players' browsers (contexts) at 1280 and 390 px watch each moment live.
 */
const RUN = runTag();

interface ScrimJson {
  _id: string;
  title: string;
  lobbyName?: string;
  lobbyPassword?: string;
  lobbyHost: { _id: string } | null;
  teamWon: string | null;
  teamOne: { _user: { _id: string } }[];
  teamTwo: { _user: { _id: string } }[];
  waitlist: { _user: { _id: string } }[];
  result: { status: string } | null;
}

/** The dialog's title and buttons are inside the viewport, and none of its labels is cut short. */
async function expectDialogWhole(page: Page, dialog: Locator) {
  const viewport = page.viewportSize()!;
  for (const part of [dialog.getByRole('heading').first(), dialog.getByRole('button').last()]) {
    const box = (await part.boundingBox())!;
    expect(box.y, `${await part.textContent()}: top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${await part.textContent()}: bottom`).toBeLessThanOrEqual(viewport.height);
  }
  const cut = await dialog.evaluate((root) =>
    [...root.querySelectorAll('label')]
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );
  expect(cut, 'labels cut in the dialog').toEqual([]);
}

const lobbyPanel = (page: Page) => page.getByRole('region', { name: /^(Lobby ready|Result)$/ });
/** A page of each person's own browser context, in the order given. */
const openPages = <T extends RegisteredContext[]>(...people: T) =>
  Promise.all(people.map((person) => person.context.newPage())) as Promise<{ [K in keyof T]: Page }>;
describe.skipIf(Boolean(skipReason))('game day: a late leave and a disputed result', () => {
  const browser = useBrowser();
  const admin = useSignedInContext(browser);

  const people = (prefix: string, count: number, viewports: Record<number, ViewportName>) =>
    registerPeople(browser, { prefix, run: RUN, count, viewports });
  /** An admin's scrim without check-in (nobody drops at the close) or tournament code, `startsInMs` from now. */
  const createScrim = (title: string, startsInMs: number) =>
    createScrimAs<ScrimJson>(admin, { title, startsInMs, checkInEnabled: false });

  it(
    'a player leaves after the start: the confirm names the late-leave cost, the nine keep the ready lobby and the waitlisted player takes the seat',
    { timeout: 240_000 },
    async () => {
      const scrim = await createScrim(`Late Leave ${RUN}`, 4 * 60 * MINUTE);
      // Player 0 leaves (1280 px), player 6 stays and watches (390 px); player 10 waits for any role.
      const all = await people('Leave', 11, { 6: 'mobile' });
      const ten = all.slice(0, 10);
      const [leaver, stayer, waiter] = [all[0]!, all[6]!, all[10]!];
      await fillSlots(ten, scrim._id);
      const waited = await waiter.context.request.post(`/api/scrims/${scrim._id}/waitlist`, { data: { role: 'any' } });
      expect(waited.status(), await waited.text()).toBe(200);

      const startsAt = Date.now() + 10_000;
      await moveStart(admin, scrim._id, startsAt);
      const { lobbyPassword } = await readScrim<ScrimJson>(leaver.context, scrim._id);
      const password = (page: Page) =>
        lobbyPanel(page).getByRole('button', { name: `Password ${lobbyPassword}`, exact: true });
      const [leaverPage, stayerPage, waiterPage] = await openPages(leaver, stayer, waiter);
      for (const page of [leaverPage, stayerPage, waiterPage]) await page.goto(`/scrims/${scrim._id}`);
      for (const page of [leaverPage, stayerPage])
        await waitVisible(password(page), 'the password at the start', startsAt - Date.now() + 15_000);
      expect(await password(waiterPage).count(), 'no password for the waitlisted player yet').toBe(0);
      await markNoReload(stayerPage);
      await markNoReload(waiterPage);

      // The confirm names the cost of leaving a started game, and where the seat goes.
      await leaverPage.getByRole('button', { name: 'Leave this game' }).first().click();
      const dialog = leaverPage.getByRole('dialog', { name: 'Leave this scrim?' });
      await waitVisible(dialog, 'the leave confirm');
      await waitVisible(
        dialog.getByText(/^The game has started: leaving now is a late leave and counts against your reliability\./),
        'the late-leave cost in the confirm',
      );
      await waitVisible(dialog.getByText(/your seat goes to the first player waiting/), 'where the seat goes');
      await screenshot(leaverPage, 'game-day-late-leave-confirm-1280');
      await dialog.getByRole('button', { name: 'Leave', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The waitlisted player has the seat: the nine and the newcomer see the same ready lobby, live.
      const seatLabel = (page: Page) => page.getByRole('list', { name: /Team One/ }).getByText(waiter.name);
      await waitVisible(seatLabel(stayerPage), 'the waitlisted player in the freed seat (390 px)');
      await waitVisible(password(waiterPage), 'the lobby for the waitlisted player, live');
      for (const page of [stayerPage, waiterPage]) {
        await waitVisible(lobbyPanel(page).getByRole('heading', { name: 'Lobby ready' }), 'the ready lobby');
        await expectNotReloaded(page);
      }
      expect(await password(stayerPage).isVisible(), 'the nine keep the password').toBe(true);
      expect(await stayerPage.getByText(/Not enough players/).count()).toBe(0);
      await screenshot(stayerPage, 'game-day-late-leave-after-390');

      const after = await readScrim<ScrimJson>(admin, scrim._id);
      const seated = [...after.teamOne, ...after.teamTwo].map((slot) => slot._user._id);
      expect(seated).toHaveLength(10);
      expect(seated).toContain(waiter.id);
      expect(seated).not.toContain(leaver.id);
      expect(after.waitlist).toEqual([]);
      expect(after.lobbyPassword, 'the same password after the leave').toBe(lobbyPassword);

      for (const page of [leaverPage, stayerPage, waiterPage]) expectNoPageErrors(page);
      await Promise.all(all.map((p) => p.context.close()));
    },
  );

  it(
    'a disputed result is no win on the card, the scrim page and the profile; an admin resolves it from the dashboard and the players see the outcome',
    { timeout: 240_000 },
    async () => {
      const title = `Disputed ${RUN}`;
      const scrim = await createScrim(title, -MINUTE);
      // Player 0 (blue, 1280 px) and player 5 (red, 390 px) watch.
      const ten = await people('Dispute', 10, { 5: 'mobile' });
      await fillSlots(ten, scrim._id);
      const captainId = (await readScrim<ScrimJson>(admin, scrim._id)).lobbyHost!._id;
      const captain = ten.find((p) => p.id === captainId)!;
      const captainIsBlue = ten.indexOf(captain) < 5;
      const reported = captainIsBlue ? 'teamOne' : 'teamTwo';
      const res = await captain.context.request.patch(`/api/scrims/${scrim._id}/set-winner`, {
        data: { winnerTeamName: reported },
      });
      expect(res.status(), await res.text()).toBe(200);

      // The other team disputes it from its page.
      const [blue, red] = [ten[0]!, ten[5]!];
      const [bluePage, redPage] = await openPages(blue, red);
      for (const page of [bluePage, redPage]) await page.goto(`/scrims/${scrim._id}`);
      const disputer = captainIsBlue ? redPage : bluePage;
      await markNoReload(captainIsBlue ? bluePage : redPage);
      await disputer.getByRole('button', { name: 'Dispute', exact: true }).first().click();
      const dispute = disputer.getByRole('dialog', { name: 'Dispute this result' });
      await dispute.getByRole('textbox', { name: 'Why is this result wrong?' }).fill('We took the Nexus');
      await dispute.getByRole('button', { name: 'Dispute', exact: true }).click();
      await dispute.waitFor({ state: 'hidden' });

      // Disputed everywhere a result shows, live on the other page: no "won", no "Won".
      const banner = (page: Page) => page.getByRole('status').filter({ hasText: /WON!|RESULT DISPUTED/ });
      for (const page of [bluePage, redPage]) {
        await waitVisible(page.getByText('Result disputed: waiting for an admin').first(), 'the disputed result');
        expect(await page.getByText(/WON!/).count(), `no winner banner (${page.viewportSize()!.width}px)`).toBe(0);
      }
      await expectNotReloaded(captainIsBlue ? bluePage : redPage);
      await screenshot(redPage, 'game-day-disputed-scrim-390');

      await bluePage.goto('/scrims');
      const card = bluePage.locator('article').filter({ hasText: title });
      await waitVisible(card.getByText('Result disputed', { exact: true }), 'the card says disputed');
      expect(await card.getByText(/WON/).count(), 'no "WON" on the card').toBe(0);

      await bluePage.goto(`/users/${encodeURIComponent(blue.name)}?region=NA&tagline=E2E`);
      const row = bluePage.getByRole('listitem').filter({ hasText: title });
      await waitVisible(row.getByText('Result disputed', { exact: true }), 'the profile says disputed');
      expect(await row.getByText(/^Won$|^Lost$/).count(), 'neither won nor lost on the profile').toBe(0);

      // An admin who did not play resolves it from the dashboard at 390 px: the other team gets the win, with a
      // reason. The dialog's title and buttons stay in view (its content scrolls), and no label is cut.
      const adminPage = await admin.newPage();
      await adminPage.setViewportSize(VIEWPORTS.mobile);
      await adminPage.goto('/admin/dashboard');
      const queue = adminPage.getByRole('region', { name: 'Disputed results' });
      await queue.getByRole('button', { name: `Resolve: ${title}` }).click();
      const resolve = adminPage.getByRole('dialog', { name: `Resolve the dispute of ${title}` });
      await waitVisible(resolve.getByText(/We took the Nexus/), 'the reason of the dispute in the dialog');
      const outcome = captainIsBlue ? 'Give Team Two (Red Side) the win' : 'Give Team One (Blue Side) the win';
      await expectDialogWhole(adminPage, resolve);
      await resolve.getByRole('radio', { name: outcome }).check();
      await resolve.getByRole('textbox', { name: /Reason/ }).fill('The replay shows the other Nexus fall');
      await screenshot(adminPage, 'game-day-resolve-dialog-390');
      await resolve.getByRole('button', { name: 'Resolve dispute' }).click();
      await waitVisible(adminPage.getByText('Dispute resolved: the players are told'), 'the resolved toast');

      // The players see the outcome live on the scrim page, and are told why.
      const winner = captainIsBlue ? 'TEAM TWO (RED SIDE) WON!' : 'TEAM ONE (BLUE SIDE) WON!';
      await waitVisible(banner(redPage).filter({ hasText: winner }), 'the decided winner (390 px)');
      const decided = await readScrim<ScrimJson>(admin, scrim._id);
      expect(decided.teamWon).toBe(captainIsBlue ? 'teamTwo' : 'teamOne');
      expect(decided.result?.status).toBe('confirmed');
      const told = await red.context.request.get('/api/notifications/user-notifications');
      expect(told.status(), await told.text()).toBe(200);
      expect(await told.text()).toContain(`An admin decided the disputed result of ${title}`);
      await bluePage.goto(`/users/${encodeURIComponent(blue.name)}?region=NA&tagline=E2E`);
      await waitVisible(
        row.getByText(captainIsBlue ? 'Lost' : 'Won', { exact: true }),
        'the decided result on the profile',
      );

      for (const page of [bluePage, redPage, adminPage]) expectNoPageErrors(page);
      await adminPage.close();
      await Promise.all(ten.map((p) => p.context.close()));
    },
  );
});
