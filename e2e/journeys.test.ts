import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chooseOption,
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  findSeriousA11yViolations,
  getSessionViaApi,
  newDesktopPage,
  newMobilePage,
  screenshot,
  selectByName,
  selectedValue,
  settle,
  signInViaApi,
  waitForPath,
  waitVisible,
} from './support/browser.js';
import { skipReason, baseURL, runTag, useBrowser, registerPlayer } from './support/journey.js';

if (skipReason) console.warn(`\n!!! ${skipReason}\n`);

/** Unique per run, within the app's limits (summoner name ≤ 16: letters, digits, spaces). */
const RUN = runTag(5);
const person = (tag: string) => ({
  name: `E2E ${tag}${RUN}`,
  tagline: 'TST1',
  handle: `e2e-${tag}-${RUN}`,
  discord: `e2e_${tag.toLowerCase()}_${RUN.toLowerCase()}`,
  email: `e2e-${tag.toLowerCase()}-${RUN.toLowerCase()}@example.test`,
});

// Locators from the product contract.
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const regionSelect = (page: Page) => selectByName(page, /^Region/);
const rankSelect = (page: Page) => selectByName(page, /^Rank(?! Number)/);
const rankNumberSelect = (page: Page) => selectByName(page, /^Rank Number/);
const drawer = (page: Page) => page.locator('.MuiDrawer-paper');
const signUpEntry = (page: Page) =>
  page
    .getByRole('link', { name: 'Sign Up', exact: true })
    .or(page.getByRole('button', { name: 'Sign Up', exact: true }))
    .filter({ visible: true })
    .first();

async function openDrawer(page: Page) {
  await button(page, 'more options').click();
  await waitVisible(drawer(page).getByText('Log Out', { exact: true }), "the drawer's 'Log Out' item");
  await settle(page);
}

/**
 * Drives the sign-up wizard from /signup to the account creation, screenshotting every step.
 * `checkEmptyStep`: press Next on the empty first step and expect the error banner.
 */
async function completeSignupWizard(page: Page, who: ReturnType<typeof person>, shot: string, checkEmptyStep = true) {
  await waitForPath(page, '/signup');
  const name = field(page, 'Summoner Name');
  await waitVisible(name, "step 1's 'Summoner Name' field");
  await screenshot(page, `${shot}-02-signup-step1`);

  if (checkEmptyStep) {
    await button(page, 'Next').click();
    await waitVisible(
      page.getByText('Please correct the following error —'),
      "the banner 'Please correct the following error —'",
    );
    await waitVisible(page.getByText('Summoner Name is empty!'), "'Summoner Name is empty!'");
    await screenshot(page, `${shot}-03-signup-step1-errors`);
  }

  await name.fill(who.name);
  const tagline = field(page, 'Tagline');
  await waitVisible(
    page.getByText('Without # (e.g. NA1)', { exact: true }),
    "the tagline helper 'Without # (e.g. NA1)'",
  );
  // Keystrokes: a typed '#' is stripped.
  await tagline.pressSequentially(`#${who.tagline}`);
  await expect
    .poll(() => tagline.inputValue(), { message: 'a typed # is stripped from the tagline' })
    .toBe(who.tagline);
  await chooseOption(page, regionSelect(page), 'NA');
  await field(page, 'Discord').fill(who.discord);
  await screenshot(page, `${shot}-04-signup-step1-filled`);
  await button(page, 'Next').click();

  // Step 2: rank.
  await waitVisible(rankSelect(page), "step 2's 'Rank' select");
  await chooseOption(page, rankSelect(page), 'Gold');
  await chooseOption(page, rankNumberSelect(page), '2');
  await screenshot(page, `${shot}-05-signup-step2`);
  await button(page, 'Next').click();

  // Step 3: details, consent and the dev account.
  const email = field(page, 'Email');
  await waitVisible(email, "step 3's 'Email' field");
  await waitVisible(page.getByText(who.name, { exact: false }), 'the account details (summoner name) on step 3');
  await email.fill(who.email);
  const consent = page.getByRole('checkbox').first();
  await waitVisible(consent, 'the email-consent checkbox');
  expect(await consent.isChecked(), 'the email-consent checkbox defaults to off').toBe(false);
  await consent.check();
  await screenshot(page, `${shot}-06-signup-step3`);
  await button(page, 'Create my account with a dev account').click();

  await waitVisible(
    page.getByText('Account created successfully, welcome!', { exact: true }),
    "the alert 'Account created successfully, welcome!'",
  );
  await waitForPath(page, '/scrims');
  await waitVisible(page.getByText(`Welcome, ${who.name}`), `'Welcome, ${who.name}'`);
}

describe.skipIf(!!skipReason)('browser journeys', () => {
  const browser = useBrowser();

  it('a newcomer signs up through the wizard, then changes the rank in Settings (desktop)', async () => {
    const who = person('D');
    const { context, page } = await newDesktopPage(browser, baseURL);

    await page.goto('/');
    await waitVisible(signUpEntry(page), "a 'Sign Up' link on the landing page");
    await screenshot(page, 'desktop-01-landing');
    await signUpEntry(page).click();

    await completeSignupWizard(page, who, 'desktop');
    await screenshot(page, 'desktop-07-home');

    const session = await getSessionViaApi(context);
    expect(session.user).toMatchObject({ name: who.name, region: 'NA', rank: 'Gold 2', discord: who.discord });

    await openDrawer(page);
    await waitVisible(drawer(page).getByText(who.name), "the user's name in the drawer header");
    expect(await drawer(page).getByText('Admin Dashboard').count(), 'a new player sees no Admin group').toBe(0);
    await screenshot(page, 'desktop-08-drawer', { fullPage: false });
    await drawer(page).getByText('Settings', { exact: true }).click();

    await waitForPath(page, '/settings');
    const settingsName = field(page, 'Summoner Name');
    await waitVisible(settingsName, "Settings' 'Summoner Name' field");
    await expect.poll(() => settingsName.inputValue()).toBe(who.name);
    await expect.poll(() => field(page, 'Tagline').inputValue()).toBe(who.tagline);
    await expect.poll(() => field(page, 'Discord').inputValue()).toBe(who.discord);
    await waitVisible(field(page, 'Admin Key'), "Settings' 'Admin Key' field");
    await expect.poll(() => selectedValue(regionSelect(page))).toBe('NA');
    await expect.poll(() => selectedValue(rankSelect(page))).toBe('Gold');
    await expect.poll(() => selectedValue(rankNumberSelect(page))).toBe('2');
    await waitVisible(page.getByRole('switch').or(page.getByRole('checkbox')), 'the email-consent switch');
    await screenshot(page, 'desktop-09-settings');

    await chooseOption(page, rankSelect(page), 'Platinum');
    await chooseOption(page, rankNumberSelect(page), '1');
    await button(page, 'Save').click();
    await waitVisible(
      page.getByText('Account details updated!', { exact: true }),
      "the alert 'Account details updated!'",
    );
    await screenshot(page, 'desktop-10-settings-saved');

    await page.reload();
    await waitVisible(field(page, 'Summoner Name'), 'Settings after reload');
    await expect.poll(() => selectedValue(rankSelect(page)), { message: 'Rank after reload' }).toBe('Platinum');
    await expect.poll(() => selectedValue(rankNumberSelect(page)), { message: 'Rank Number after reload' }).toBe('1');
    expect((await getSessionViaApi(context)).user?.rank).toBe('Platinum 1');

    expectNoPageErrors(page, 'the desktop newcomer journey');
    await context.close();
  });

  it('the same journey renders at mobile width (390 px)', async () => {
    const who = person('M');
    const { context, page } = await newMobilePage(browser, baseURL);

    await page.goto('/');
    await waitVisible(signUpEntry(page), "a visible 'Sign Up' link on the landing page at 390 px");
    await screenshot(page, 'mobile-01-landing');
    await expectNoHorizontalOverflow(page, 'landing (mobile)');
    await signUpEntry(page).click();

    await completeSignupWizard(page, who, 'mobile');
    await screenshot(page, 'mobile-07-home');
    await expectNoHorizontalOverflow(page, '/scrims (mobile)');

    await openDrawer(page);
    await screenshot(page, 'mobile-08-drawer', { fullPage: false });
    await drawer(page).getByText('Settings', { exact: true }).click();
    await waitForPath(page, '/settings');
    await waitVisible(field(page, 'Summoner Name'), "Settings' 'Summoner Name' field");
    await expect.poll(() => field(page, 'Summoner Name').inputValue()).toBe(who.name);
    await screenshot(page, 'mobile-09-settings');
    await expectNoHorizontalOverflow(page, '/settings (mobile)');

    expectNoPageErrors(page, 'the mobile journey');
    await context.close();
  });

  it('guards: signed-out /settings goes home; the Admin group shows only for admins', async () => {
    // Signed out.
    const visitor = await newDesktopPage(browser, baseURL);
    await visitor.page.goto('/settings');
    await waitForPath(visitor.page, '/');
    await waitVisible(
      visitor.page.getByText('Please login to continue', { exact: true }),
      "the alert 'Please login to continue'",
    );
    await screenshot(visitor.page, 'desktop-guard-signed-out');
    expectNoPageErrors(visitor.page, 'signed-out guard');
    await visitor.context.close();

    // A demo player: no Admin group; the landing redirects a signed-in user to /scrims.
    const player = await newDesktopPage(browser, baseURL);
    const state = await signInViaApi(player.context, 'faker.fan@scrimgym.dev');
    expect(state.user, 'the demo player faker.fan@scrimgym.dev exists').not.toBeNull();
    expect(state.user?.isAdmin).toBeFalsy();
    await player.page.goto('/');
    await waitForPath(player.page, '/scrims');
    await openDrawer(player.page);
    for (const item of [
      'Home',
      'Browse Scrims',
      'My Friends',
      'Friend Requests',
      'User Guide',
      'Settings',
      'Log Out',
    ]) {
      await waitVisible(drawer(player.page).getByText(item, { exact: true }), `the drawer item '${item}'`);
    }
    for (const item of ['Admin Dashboard', 'Create Scrim', 'Ban Management']) {
      expect(
        await drawer(player.page).getByText(item, { exact: true }).count(),
        `a player must not see '${item}'`,
      ).toBe(0);
    }
    expectNoPageErrors(player.page, 'player drawer');
    await player.context.close();

    // The demo admin, through the Log In dialog.
    const admin = await newDesktopPage(browser, baseURL);
    await admin.page.goto('/');
    await button(admin.page, 'Log In').filter({ visible: true }).first().click();
    const dialog = admin.page.getByRole('dialog', { name: 'Log In' });
    await waitVisible(dialog, "the 'Log In' dialog");
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('admin@scrimgym.dev');
    await screenshot(admin.page, 'desktop-login-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Continue with a dev account', exact: true }).click();
    await waitForPath(admin.page, '/scrims');
    await openDrawer(admin.page);
    for (const item of ['Admin Dashboard', 'Create Scrim', 'Ban Management']) {
      await waitVisible(drawer(admin.page).getByText(item, { exact: true }), `the admin drawer item '${item}'`);
    }
    await screenshot(admin.page, 'desktop-drawer-admin', { fullPage: false });
    expectNoPageErrors(admin.page, 'admin drawer');
    await admin.context.close();
  });

  it('an unknown path shows the not-found page', async () => {
    const { context, page } = await newDesktopPage(browser, baseURL);
    await page.goto('/definitely/not/here');
    await waitVisible(
      page.getByText("Oops, this page doesn't exist!", { exact: true }),
      `the text "Oops, this page doesn't exist!"`,
    );
    await screenshot(page, 'desktop-not-found');
    expectNoPageErrors(page, 'not found');
    await context.close();
  });

  describe('accessibility: no serious or critical axe violation', () => {
    const publicPages: Array<[path: string, ready: (page: Page) => Promise<void>]> = [
      ['/', (page) => waitVisible(signUpEntry(page), 'the landing page')],
      ['/guide', (page) => waitVisible(page.getByRole('heading').first(), 'a heading on /guide')],
      ['/leaderboard', (page) => waitVisible(page.getByRole('heading').first(), 'a heading on /leaderboard')],
      ['/privacy-policy', (page) => waitVisible(page.getByRole('heading').first(), 'a heading on /privacy-policy')],
      ['/terms-of-service', (page) => waitVisible(page.getByRole('heading').first(), 'a heading on /terms-of-service')],
      [
        '/definitely/not/here',
        (page) => waitVisible(page.getByText("Oops, this page doesn't exist!"), 'the not-found text'),
      ],
    ];

    it.each(publicPages)('%s', async (path, ready) => {
      const { context, page } = await newDesktopPage(browser, baseURL);
      await page.goto(path);
      await ready(page);
      await screenshot(page, `desktop-page${path === '/' ? '-landing' : path.replaceAll('/', '-')}`);
      await expectNoSeriousA11yViolations(page, path);
      expectNoPageErrors(page, path);
      await context.close();
    });

    it('/signup, every step', async () => {
      const who = person('A');
      const { context, page } = await newDesktopPage(browser, baseURL);
      const found: string[] = [];
      await page.goto('/signup');
      await waitVisible(field(page, 'Summoner Name'), 'step 1');
      found.push(...(await findSeriousA11yViolations(page, '/signup step 1')));
      await button(page, 'Next').click();
      await waitVisible(page.getByText('Please correct the following error —'), 'the error banner');
      found.push(...(await findSeriousA11yViolations(page, '/signup step 1 with errors')));
      await field(page, 'Summoner Name').fill(who.name);
      await field(page, 'Tagline').fill(who.tagline);
      await chooseOption(page, regionSelect(page), 'EUW');
      await field(page, 'Discord').fill(who.discord);
      await button(page, 'Next').click();
      await waitVisible(rankSelect(page), 'step 2');
      await chooseOption(page, rankSelect(page), 'Silver');
      found.push(...(await findSeriousA11yViolations(page, '/signup step 2')));
      await button(page, 'Next').click();
      await waitVisible(field(page, 'Email'), 'step 3');
      found.push(...(await findSeriousA11yViolations(page, '/signup step 3')));
      expect(found).toEqual([]);
      await context.close();
    });

    it('/settings (signed in)', async () => {
      const who = person('S');
      const { context, page } = await registerPlayer(browser, { ...who, region: 'EUNE', rank: 'Diamond 3' });
      await page.goto('/settings');
      await waitVisible(field(page, 'Summoner Name'), "Settings' 'Summoner Name' field");
      await expect.poll(() => field(page, 'Summoner Name').inputValue()).toBe(who.name);
      await expectNoSeriousA11yViolations(page, '/settings');
      await context.close();
    });
  });

  it('Log Out from the drawer returns to / and ends the session', async () => {
    const who = person('L');
    const { context, page } = await registerPlayer(browser, { ...who, region: 'OCE', rank: 'Unranked' });
    await page.goto('/scrims');
    await waitVisible(page.getByText(`Welcome, ${who.name}`), `'Welcome, ${who.name}'`);
    await openDrawer(page);
    await drawer(page).getByText('Log Out', { exact: true }).click();
    await waitForPath(page, '/');
    await waitVisible(
      button(page, 'Log In').filter({ visible: true }),
      "the navbar's 'Log In' button after logging out",
    );
    const session = await getSessionViaApi(context);
    expect(session.user, '/api/auth/session reports no user after Log Out').toBeNull();
    expect(
      (await context.cookies()).find((c) => c.name === 'sg_session')?.value || null,
      'sg_session cookie cleared',
    ).toBeNull();
    expectNoPageErrors(page, 'log out');
    await context.close();
  });
});
