import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  screenshot,
  settle,
  waitVisible,
  type ViewportName,
} from './support/browser.js';
import { skipReason, runTag, useBrowser, registerPlayer, signedInPage } from './support/journey.js';
import { expectNoSeriousA11yViolationsIn } from './support/a11y-scope.js';

const RUN = runTag();
const XSS = '<img src=x onerror=alert(1)>';

/**
 * Counts the new-message beeps: every WebAudio oscillator started in the page (the messenger's sound is one).
 * A headless browser has no speakers; this is how a test "hears" it.
 */
const COUNT_BEEPS = () => {
  const w = window as unknown as { __beeps: number };
  w.__beeps = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<typeof start>) {
    w.__beeps += 1;
    return start.apply(this, args);
  };
};
const beeps = (page: Page) => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);

async function newPerson(browser: Browser, tag: string, viewport: ViewportName = 'desktop') {
  const person = await registerPlayer(browser, {
    name: `Soc ${tag}${RUN}`,
    handle: `social-${tag}-${RUN}`,
    tagline: 'SOC',
    rank: 'Gold 2',
    viewport,
  });
  await person.context.addInitScript(COUNT_BEEPS);
  // An alert() would mean a message was run as HTML.
  person.page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  return person;
}

/** The bar's buttons are aria-hidden while a modal dialog is open, yet still on screen. */
const behindDialog = { exact: true, includeHidden: true } as const;
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const messenger = (page: Page) => page.getByRole('button', { name: /^Messenger/ });
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** The bar hides when the page scrolls, e.g. after a click far down a profile: back to the top. */
const showBar = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

async function expectBellCount(page: Page, count: number, what: string) {
  await showBar(page);
  await waitVisible(
    page.getByRole('button', { name: count ? `Notifications, ${count} unread` : 'Notifications', exact: true }),
    what,
  );
}

async function openBell(page: Page) {
  await showBar(page);
  await bell(page).click();
  await waitVisible(dialog(page, 'Notifications'), 'the Notifications dialog');
  await settle(page);
}

async function closeDialog(page: Page, name: string | RegExp) {
  await dialog(page, name).getByRole('button', { name: 'Close', exact: true }).click();
  await dialog(page, name).waitFor({ state: 'hidden' });
}

/** The scrim page's chat, docked beside the lobby on a desktop: a region named after the scrim. */
const chatPanel = (page: Page, name: string) => page.getByRole('region', { name });

async function closeChatPanel(page: Page, name: string) {
  await chatPanel(page, name).getByRole('button', { name: 'Close', exact: true }).click();
  await chatPanel(page, name).waitFor({ state: 'hidden' });
}

/** The scrim chat's message box has the focus once its panel or sheet opens. */
const focusInChatBox = (page: Page) =>
  page.waitForFunction(
    () =>
      document.activeElement?.getAttribute('aria-label') === 'Message' && document.activeElement.closest('#scrim-chat'),
    undefined,
    { timeout: 15_000 },
  );

async function openMessenger(page: Page) {
  await showBar(page);
  await messenger(page).click();
  await waitVisible(page.getByRole('list', { name: 'Conversations' }), 'the messenger dropdown');
  await settle(page);
}

describe.skipIf(Boolean(skipReason))('social', () => {
  const browser = useBrowser();

  it(
    'friend request live, a conversation with unseen counts and a beep, a scrim chat, messages shown as text',
    { timeout: 240_000 },
    async () => {
      const a = await newPerson(browser, 'A');
      const b = await newPerson(browser, 'B');
      for (const { page } of [a, b]) {
        await page.goto('/scrims');
        await waitVisible(bell(page), 'the notifications bell');
      }
      await expectBellCount(b.page, 0, "B's empty bell");

      // A finds B with the navigation bar's search and sends a friend request from B's profile.
      const search = a.page.getByRole('combobox', { name: 'Search users' });
      await search.fill(b.name);
      const option = a.page.getByRole('option').filter({ hasText: b.name });
      await waitVisible(option, 'B in the search results');
      await screenshot(a.page, 'social-search-desktop', { fullPage: false });
      await option.click();
      await a.page.waitForURL((url) => url.pathname === `/users/${encodeURIComponent(b.name)}`);
      await a.page.getByRole('button', { name: 'Send Friend Request', exact: true }).click();
      await waitVisible(a.page.getByText(`Friend request sent to ${b.name}!`), "'Friend request sent to {name}!'");

      // B's bell rises live; its notification opens the Friend Requests dialog, where B accepts.
      await expectBellCount(b.page, 1, "B's bell counting the request, live");

      // The drawer's 'Friend Requests' entry carries the pending count and opens the dialog.
      await b.page.getByRole('button', { name: 'more options', exact: true }).click();
      const entry = b.page.locator('.MuiDrawer-paper').getByRole('button', { name: /Friend Requests/ });
      await waitVisible(entry, "the drawer's 'Friend Requests' entry");
      await expect.poll(() => entry.innerText(), { message: 'the pending-requests badge' }).toMatch(/1/);
      await entry.click();
      await waitVisible(dialog(b.page, 'Friend Requests').getByText(a.name), 'the request in the dialog');
      await closeDialog(b.page, 'Friend Requests');
      await openBell(b.page);
      await screenshot(b.page, 'social-bell-desktop', { fullPage: false });
      await dialog(b.page, 'Notifications')
        .getByRole('button', { name: new RegExp(`^${a.name}`) })
        .click();
      const requests = dialog(b.page, 'Friend Requests');
      await waitVisible(requests, 'the Friend Requests dialog');
      await expectNoSeriousA11yViolationsIn(b.page, '[role="dialog"]', 'Friend Requests dialog');
      await screenshot(b.page, 'social-friend-requests-desktop', { fullPage: false });
      await requests.getByRole('button', { name: `Accept ${a.name}'s friend request` }).click();
      await waitVisible(b.page.getByText(`You and ${a.name} are now friends!`), "B's 'now friends' alert");
      await waitVisible(requests.getByText('No friend requests found'), "'No friend requests found'");
      await closeDialog(b.page, 'Friend Requests');

      // Both get 'You and {name} are now friends!' in their bells.
      await expectBellCount(a.page, 1, "A's bell counting the acceptance, live");
      await openBell(a.page);
      await waitVisible(
        dialog(a.page, 'Notifications').getByText(`You and ${b.name} are now friends!`),
        "A's 'now friends' notification",
      );
      await closeDialog(a.page, 'Notifications');
      await openBell(b.page);
      await waitVisible(
        dialog(b.page, 'Notifications').getByText(`You and ${a.name} are now friends!`),
        "B's 'now friends' notification",
      );
      await closeDialog(b.page, 'Notifications');

      // A starts a conversation from the messenger: the first message is required.
      await a.page.goto('/scrims');
      await openMessenger(a.page);
      await a.page.getByRole('button', { name: `Start a conversation with ${b.name}` }).click();
      const start = dialog(a.page, 'Start a new conversation');
      await waitVisible(start, "the 'Start a new conversation' dialog");
      await start.getByRole('button', { name: 'Send', exact: true }).click();
      await waitVisible(
        a.page.getByText('cannot start conversation, no message provided!'),
        "'cannot start conversation, no message provided!'",
      );
      await start.getByRole('textbox', { name: 'Message' }).fill(`Hi ${b.name}, scrim tonight?`);
      await start.getByRole('textbox', { name: 'Message' }).press('Enter');
      await waitVisible(
        a.page.getByText(`started a new conversation with ${b.name}`),
        "'started a new conversation with {name}'",
      );
      const chatA = dialog(a.page, 'Messenger Chat');
      await waitVisible(chatA.getByText(`Hi ${b.name}, scrim tonight?`), "A's first message in Messenger Chat");

      // B hears the beep and sees the unseen count; opening the conversation clears it, and A sees 'Seen'.
      await waitVisible(
        b.page.getByRole('button', { name: 'Messenger, 1 unseen message', exact: true }),
        "B's messenger count",
      );
      await expect.poll(() => beeps(b.page), { message: 'B hears the new-message sound' }).toBeGreaterThan(0);
      expect(await beeps(a.page), 'no beep for your own message').toBe(0);
      await openMessenger(b.page);
      await screenshot(b.page, 'social-messenger-desktop', { fullPage: false });
      await expectNoSeriousA11yViolationsIn(b.page, '.MuiPopover-paper', 'messenger dropdown');
      await b.page.getByRole('button', { name: new RegExp(`^${a.name}.*1 unseen$`) }).click();
      const chatB = dialog(b.page, 'Messenger Chat');
      await waitVisible(chatB.getByText(`Hi ${b.name}, scrim tonight?`), 'the message in B’s chat');
      await waitVisible(b.page.getByRole('button', { name: 'Messenger', ...behindDialog }), "B's count cleared");
      await waitVisible(chatA.getByText('Seen', { exact: true }), "A's seen mark");

      // B answers with markup: both see it as text, live, and nothing runs.
      const boxB = chatB.getByRole('textbox', { name: 'Message' });
      await boxB.fill(XSS);
      await boxB.press('Enter');
      await waitVisible(chatA.getByText(XSS, { exact: true }), "B's answer in A's open chat, as text");
      await waitVisible(chatB.getByText(XSS, { exact: true }), "B's answer in B's chat, as text");
      expect(await a.page.locator('[role="dialog"] img').count(), 'no <img> in the chat').toBe(0);
      await waitVisible(a.page.getByRole('button', { name: 'Messenger', ...behindDialog }), "A's count stays clear");
      await expectNoSeriousA11yViolationsIn(a.page, '[role="dialog"]', 'Messenger Chat');
      await screenshot(a.page, 'social-chat-desktop', { fullPage: false });
      await closeDialog(a.page, 'Messenger Chat');
      await closeDialog(b.page, 'Messenger Chat');

      // A public scrim (B plays in it): both chat in its room live; B's unread count while closed.
      const admin = await signedInPage(browser, 'admin@scrimgym.dev');
      const title = `Social Scrim ${RUN}`;
      const created = await admin.context.request.post('/api/scrims', {
        data: { title, region: 'NA', gameStartTime: new Date(Date.now() + 3 * 3600_000).toISOString() },
      });
      expect(created.status(), await created.text()).toBe(201);
      const scrimId = ((await created.json()) as { _id: string })._id;
      const joined = await b.context.request.patch(`/api/scrims/${scrimId}/insert-player/${b.id}`, {
        data: { playerData: { role: 'Mid', team: { name: 'teamOne' } } },
      });
      expect(joined.status(), await joined.text()).toBe(200);
      await admin.context.close();

      for (const { page } of [a, b]) {
        await page.goto(`/scrims/${scrimId}`);
        await waitVisible(page.getByRole('heading', { name: title }), 'the scrim page');
      }
      // On a desktop the chat is docked right of the lobby: a region named '{title} | Chat', the teams still in view.
      await a.page.getByRole('button', { name: 'Scrim chat', exact: true }).click();
      const roomA = chatPanel(a.page, `${title} | Chat`);
      await waitVisible(roomA, "A's scrim chat, docked and titled '{title} | Chat'");
      await focusInChatBox(a.page);
      const docked = await roomA.boundingBox();
      for (const [part, what] of [
        [a.page.getByRole('heading', { name: title, level: 1 }), 'the title'],
        [a.page.getByText('Team Two (Red Side)').first(), 'the second team'],
      ] as const) {
        await waitVisible(part, `${what} beside the docked chat`);
        const box = await part.boundingBox();
        expect(box && docked && box.x + box.width <= docked.x, `${what} left of the docked chat`).toBe(true);
      }
      await expectNoHorizontalOverflow(a.page, 'scrim page with the docked chat');
      await b.page.getByRole('button', { name: 'Scrim chat', exact: true }).click();
      const roomB = chatPanel(b.page, `${title} | Chat`);
      await waitVisible(roomB, "B's scrim chat");
      await roomA.getByRole('textbox', { name: 'Message' }).fill('glhf everyone');
      await roomA.getByRole('textbox', { name: 'Message' }).press('Enter');
      await waitVisible(roomB.getByText('glhf everyone', { exact: true }), "A's scrim message, live for B");
      await roomB.getByRole('textbox', { name: 'Message' }).fill(`Mid is mine ${XSS}`);
      await roomB.getByRole('textbox', { name: 'Message' }).press('Enter');
      await waitVisible(roomA.getByText(`Mid is mine ${XSS}`, { exact: true }), "B's scrim message, live for A");
      await waitVisible(roomA.getByText('2 in this chat'), 'who has the chat open');
      await expectNoSeriousA11yViolationsIn(a.page, '#scrim-chat', 'the docked scrim chat');
      await screenshot(a.page, 'social-scrim-chat-desktop', { fullPage: false });

      await closeChatPanel(b.page, `${title} | Chat`);
      await roomA.getByRole('textbox', { name: 'Message' }).fill('see you at the start');
      await roomA.getByRole('textbox', { name: 'Message' }).press('Enter');
      await waitVisible(
        b.page.getByRole('button', { name: 'Scrim chat, 1 unread', exact: true }),
        "B's scrim chat unread count",
      );
      await b.page.getByRole('button', { name: 'Scrim chat, 1 unread', exact: true }).click();
      await waitVisible(roomB.getByText('see you at the start'), 'the unread message');
      await closeChatPanel(b.page, `${title} | Chat`);
      await waitVisible(b.page.getByRole('button', { name: 'Scrim chat', exact: true }), "B's unread count cleared");

      for (const person of [a, b]) expectNoPageErrors(person.page);

      // The same screens at 390 px.
      const { context: mobile, page } = await signedInPage(browser, `social-a-${RUN.toLowerCase()}@example.test`, {
        viewport: 'mobile',
      });
      await page.goto(`/scrims/${scrimId}`);
      await waitVisible(bell(page), 'the bell at 390 px');
      await expectNoHorizontalOverflow(page, 'scrim page with the social icons at 390 px');
      await page.getByRole('button', { name: 'Open user search' }).click();
      await page.getByRole('combobox', { name: 'Search users' }).fill(b.name);
      await waitVisible(page.getByRole('option').filter({ hasText: b.name }), 'search results at 390 px');
      await screenshot(page, 'social-search-mobile', { fullPage: false });
      await page.getByRole('button', { name: 'Close user search' }).click();
      await openBell(page);
      await screenshot(page, 'social-bell-mobile', { fullPage: false });
      await closeDialog(page, 'Notifications');
      await openMessenger(page);
      await screenshot(page, 'social-messenger-mobile', { fullPage: false });
      await page.getByRole('button', { name: new RegExp(`^${b.name} #SOC`) }).click();
      await waitVisible(dialog(page, 'Messenger Chat').getByText(XSS, { exact: true }), 'the chat at 390 px');
      await screenshot(page, 'social-chat-mobile', { fullPage: false });
      await closeDialog(page, 'Messenger Chat');
      // At 390 px the scrim chat is a bottom sheet: the lobby stays in sight above it.
      await page.getByRole('button', { name: 'Scrim chat', exact: true }).click();
      const sheet = dialog(page, `${title} | Chat`);
      await waitVisible(sheet.getByText('see you at the start'), 'the scrim chat sheet at 390 px');
      const sheetBox = await sheet.boundingBox();
      expect(sheetBox && sheetBox.y >= 0.2 * page.viewportSize()!.height, 'the lobby in sight above the sheet').toBe(
        true,
      );
      const sheetBoxInput = sheet.getByRole('textbox', { name: 'Message' });
      await focusInChatBox(page);
      await sheetBoxInput.fill('on my phone');
      await sheetBoxInput.press('Enter');
      await waitVisible(sheet.getByText('on my phone', { exact: true }), 'the message sent from the sheet');
      await expectNoSeriousA11yViolationsIn(page, '#scrim-chat', 'the scrim chat sheet');
      await screenshot(page, 'social-scrim-chat-mobile', { fullPage: false });
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'hidden' });
      await waitVisible(page.getByRole('button', { name: 'Scrim chat', exact: true }), 'the sheet closed by Escape');
      expectNoPageErrors(page);
      await mobile.close();
      await a.context.close();
      await b.context.close();
    },
  );
});
