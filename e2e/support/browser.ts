import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js';

export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Debian's Chromium through playwright-core; playwright gives each launch a fresh user data dir. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, timeout: 60_000 });
}

export interface PageProblems {
  /** Uncaught exceptions in the page: always a bug. */
  pageErrors: string[];
  /** console.error lines (failed requests included): printed, not asserted. */
  consoleErrors: string[];
}
const problems = new WeakMap<Page, PageProblems>();
const RENDER_CRASH =
  /React Router caught the following error|Error handled by React Router default ErrorBoundary|The above error occurred in/;

/**
 * A fixed-offset time zone where it is now about 1 PM: the demo seed's scrims (from 4 hours ago to 6 hours ahead
 * of the server's start) then all fall on the hub's "today", whatever the hour the suite runs at. New York puts
 * the seed's past scrims on yesterday's page between midnight and about 1 AM there.
 */
export function seedDayTimezone(now = Date.now()): string {
  const offset = 13 - new Date(now).getUTCHours();
  const hours = offset > 14 ? offset - 24 : offset < -11 ? offset + 24 : offset;
  // Etc/GMT zones count west as positive: Etc/GMT+5 is UTC−5.
  return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

let contextsMade = 0;
/**
 * The address a new context's requests come from, as a proxy in front of the server would forward it
 * (X-Forwarded-For): each browser context is one person on a network of their own, so the server's per-address
 * limits (60 sign-ins at once, then one a second) count each person, not the whole suite. The journeys' servers
 * trust it from 127.0.0.1 (TRUST_PROXY in server.ts); a server that does not sees every context as 127.0.0.1.
 */
function nextClientAddress() {
  const n = contextsMade++;
  return `10.${Number(process.env.VITEST_POOL_ID ?? 0) % 256}.${(n >> 8) % 256}.${n % 256}`;
}

/** A fresh, isolated context (own cookie jar) at the given viewport, with base URL set (New York time unless told). */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName = 'desktop',
  timezoneId = 'America/New_York',
) {
  const mobile = viewport === 'mobile';
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    locale: 'en-US',
    timezoneId,
    extraHTTPHeaders: { 'x-forwarded-for': nextClientAddress() },
  });
}

/** A page in `context` (or in a new context at `viewport`), recording uncaught errors and console errors. */
export async function newPage(
  browserOrContext: Browser | BrowserContext,
  options: { baseURL: string; viewport?: ViewportName; timezoneId?: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context =
    'newContext' in browserOrContext
      ? await newContext(browserOrContext, options.baseURL, options.viewport, options.timezoneId)
      : browserOrContext;
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  const record: PageProblems = { pageErrors: [], consoleErrors: [] };
  problems.set(page, record);
  page.on('pageerror', (error) => record.pageErrors.push(`${error.name}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    record.consoleErrors.push(`${text.split('\n')[0]} (${page.url()})`);
    // A render error caught by React Router's error boundary is a crash too, though not an uncaught one.
    if (RENDER_CRASH.test(text)) {
      const line = `render crash at ${new URL(page.url()).pathname}: ${text.split('\n')[0]}`;
      if (!record.pageErrors.includes(line)) record.pageErrors.push(line);
    }
  });
  return { context, page };
}

export const newDesktopPage = (browser: Browser, baseURL: string) => newPage(browser, { baseURL, viewport: 'desktop' });
export const newMobilePage = (browser: Browser, baseURL: string) => newPage(browser, { baseURL, viewport: 'mobile' });

/** Fails on uncaught page exceptions; prints console errors for the report. */
export function expectNoPageErrors(page: Page, label = page.url()) {
  const record = problems.get(page);
  if (!record) return;
  if (record.consoleErrors.length)
    console.warn(`[e2e] console errors on ${label}:\n  ${record.consoleErrors.join('\n  ')}`);
  expect(record.pageErrors, `uncaught exceptions on ${label}`).toEqual([]);
}

export interface AuthState {
  token: string | null;
  user: { _id: string; name: string; rank: string; region: string; isAdmin?: boolean; [key: string]: unknown } | null;
  identity: { provider: string; email: string | null; name: string | null } | null;
}

/** Dev sign-in through the API; the context's cookie jar receives the httpOnly session cookie. */
export async function signInViaApi(context: BrowserContext, email: string): Promise<AuthState> {
  const res = await context.request.post('/api/auth/dev-login', { data: { email } });
  if (!res.ok()) throw new Error(`dev-login ${email}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as AuthState;
}

export interface NewAccount {
  name: string;
  summonerTagline: string;
  region: string;
  discord: string;
  rank: string;
  canSendEmailsToUser: boolean;
}

/** Dev sign-in as a new email, then POST /api/auth/register: a ready account in this context. */
export async function registerViaApi(context: BrowserContext, email: string, account: NewAccount) {
  const state = await signInViaApi(context, email);
  if (state.user) throw new Error(`${email} already has an account`);
  const res = await context.request.post('/api/auth/register', { data: account });
  if (!res.ok()) throw new Error(`register ${email}: ${res.status()} ${await res.text()}`);
  return getSessionViaApi(context);
}

export async function getSessionViaApi(context: BrowserContext): Promise<AuthState> {
  const res = await context.request.get('/api/auth/session');
  if (!res.ok()) throw new Error(`session: ${res.status()} ${await res.text()}`);
  return (await res.json()) as AuthState;
}

/** Waits until the page has no running CSS transition or animation (MUI fades, drawer slides). */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
}

/** Waits for the locator to be visible, with a readable failure. */
export async function waitVisible(locator: Locator, what: string, timeout = 15_000) {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch (error) {
    throw new Error(
      `expected to see ${what} (${locator}) but it did not appear within ${timeout} ms${await diagnose(locator.page())}`,
      {
        cause: error,
      },
    );
  }
}

/** What the page shows and what went wrong in it, for a failure message. */
async function diagnose(page: Page): Promise<string> {
  const record = problems.get(page);
  const body = await page
    .locator('body')
    .innerText({ timeout: 1_000 })
    .catch(() => '(no body)');
  const errors = record?.pageErrors.length ? `\n  page errors: ${record.pageErrors.join(' | ')}` : '';
  return `\n  at ${page.url()}${errors}\n  page text: ${body.replace(/\s+/g, ' ').slice(0, 400)}`;
}

/** Waits for the page's path (and optional search) to equal `path`. */
export async function waitForPath(page: Page, path: string, timeout = 15_000) {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout });
  } catch (error) {
    throw new Error(`expected to be on ${path} but the page is at ${page.url()}${await diagnose(page)}`, {
      cause: error,
    });
  }
}

/**
 * Axe on the current page: the violations of impact 'serious' or 'critical', each as one line, printed in
 * full (rule, impact, help, the first offending nodes). Minor and moderate ones are only listed.
 */
export async function findSeriousA11yViolations(page: Page, label = new URL(page.url()).pathname): Promise<string[]> {
  await settle(page);
  const isBlocking = (v: { impact?: string | null }) => v.impact === 'serious' || v.impact === 'critical';
  let results = await new AxeBuilder({ page }).analyze();
  if (results.violations.some(isBlocking)) {
    // A snackbar that starts fading out during the analysis reads as text blended into its background (a contrast
    // of ~1:1): look once more after it settled. A real violation is there both times; the second look decides.
    await page.waitForTimeout(1_000);
    await settle(page);
    results = await new AxeBuilder({ page }).analyze();
  }
  const blocking = results.violations.filter(isBlocking);
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length) {
    console.info(
      `[a11y] ${label}: ${minor.length} minor/moderate: ${minor.map((v) => `${v.id}(${v.impact})`).join(', ')}`,
    );
  }
  if (blocking.length) {
    const text = blocking
      .map((v) => {
        const nodes = v.nodes
          .slice(0, 5)
          .map((n) => `      - ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('\n');
        return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s)) ${v.helpUrl}\n${nodes}`;
      })
      .join('\n');
    console.error(`[a11y] ${label}: ${blocking.length} serious/critical violation(s)\n${text}`);
  }
  return blocking.map(
    (v) =>
      `${label}: ${v.impact} ${v.id}: ${v.help} @ ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

/** Fails on any serious or critical axe violation on the current page (and prints them). */
export async function expectNoSeriousA11yViolations(page: Page, label = new URL(page.url()).pathname) {
  expect(await findSeriousA11yViolations(page, label), `serious/critical axe violations on ${label}`).toEqual([]);
}

/** Full-page PNG in e2e/artifacts/<name>.png (git-ignored). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await settle(page);
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true, animations: 'disabled' });
  return path;
}

/** The page must not scroll sideways (a broken mobile layout). Soft: the journey goes on. */
export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect
    .soft(scrollWidth, `${label}: page is ${scrollWidth}px wide in a ${innerWidth}px viewport`)
    .toBeLessThanOrEqual(innerWidth);
}

/** A MUI Select (or native select) found by its accessible name. */
export function selectByName(scope: Page | Locator, name: RegExp): Locator {
  return scope.getByRole('combobox', { name });
}

/** Chooses `option` in a MUI Select (listbox in a popover) or a native <select>. */
export async function chooseOption(page: Page, select: Locator, option: string) {
  await waitVisible(select, `the select ${select}`);
  const tag = await select.evaluate((el) => el.tagName);
  if (tag === 'SELECT') {
    await select.selectOption({ label: option });
    return;
  }
  await select.click();
  const listbox = page.getByRole('listbox');
  await waitVisible(listbox, 'the options list');
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await listbox.waitFor({ state: 'hidden' });
}

/** The shown value of a MUI Select (its text) or a native select (the selected option's label). */
export async function selectedValue(select: Locator): Promise<string> {
  return select.evaluate((el) => {
    if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.textContent?.trim() ?? '';
    return (el.textContent ?? '').replace(/\u200b/g, '').trim();
  });
}
