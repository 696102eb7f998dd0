import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { startFakeRiot, type FakeRiot } from '../../apps/server/src/test/fake-riot.js';
import {
  launchBrowser,
  newContext,
  newPage,
  registerViaApi,
  signInViaApi,
  type AuthState,
  type ViewportName,
} from './browser.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The prologue every journey file shares: whether the journeys run here, the shared server, a tag of the run's
 * own, one browser per suite, players registered or signed in through the API.
 */

/** Why the journeys cannot run on this machine (e2e/global-setup.ts), or null: `describe.skipIf(Boolean(skipReason))`. */
export const skipReason = inject('e2eSkipReason');
/**
 * This worker's shared server (demo seed, no Riot API key), started by e2e/global-setup.ts: one per worker, so the
 * files running at the same time never share a database.
 */
export const baseURL = inject('baseURLs')[Number(process.env.VITEST_POOL_ID ?? '1') - 1] ?? '';

/**
 * Upper-case, unique per run and short enough for the app's limits (summoner name ≤ 16: letters, digits,
 * spaces): the last `timeDigits` base-36 digits of the clock and two random ones.
 */
export function runTag(timeDigits = 4) {
  return (Date.now().toString(36).slice(-timeDigits) + Math.random().toString(36).slice(2, 4)).toUpperCase();
}

/**
 * One browser for the enclosing `describe`: launched in its beforeAll (registered first, so the suite's own hooks
 * can use it), closed in its afterAll. What it returns stands for that browser and may be passed anywhere a
 * `Browser` goes; it only works once the suite has started.
 */
export function useBrowser(): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return lateBound(() => browser, 'useBrowser: the browser is launched in the suite’s beforeAll; use it in a test');
}

/**
 * A context of `browser` signed in as `email` (the demo seed's admin unless told) for the enclosing `describe`:
 * made in its beforeAll, so it only works once the suite has started. Closed with the browser.
 */
export function useSignedInContext(browser: Browser, email = 'admin@scrimgym.dev'): BrowserContext {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await newContext(browser, baseURL);
    await signInViaApi(context, email);
  }, 60_000);
  return lateBound(() => context, `useSignedInContext(${email}): made in the suite’s beforeAll; use it in a test`);
}

/** Stands for the object `get` returns once it exists (made in a beforeAll), wherever that object's type goes. */
function lateBound<T extends object>(get: () => T | undefined, notYet: string): T {
  const target = () => {
    const value = get();
    if (!value) throw new Error(notYet);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(target(), key) as unknown;
      return typeof value === 'function' ? value.bind(target()) : value;
    },
    has: (_, key) => Reflect.has(target(), key),
  });
}

/** A new account, registered through the API: its name, and a handle that makes its email and Discord name. */
export interface PlayerSpec {
  name: string;
  /** `polish-a-<run>`: the email is `<handle>@example.test` (or `@<emailDomain>`), Discord `polish_a_<run>`. */
  handle: string;
  tagline: string;
  rank: string;
  /** NA unless told. */
  region?: string;
  viewport?: ViewportName;
  /** The server: the shared one unless told. */
  baseURL?: string;
  emailDomain?: string;
}

export interface RegisteredContext {
  context: BrowserContext;
  id: string;
  name: string;
  email: string;
}
export interface Player extends RegisteredContext {
  page: Page;
}

/** A new account signed in in a fresh context of its own (no page opened). */
export async function registerContext(browser: Browser, spec: PlayerSpec): Promise<RegisteredContext> {
  const context = await newContext(browser, spec.baseURL ?? baseURL, spec.viewport);
  return register(context, spec);
}

/** A new account signed in in a fresh context, with a page open in it (recording page errors: `newPage`). */
export async function registerPlayer(browser: Browser, spec: PlayerSpec): Promise<Player> {
  const { context, page } = await newPage(browser, { baseURL: spec.baseURL ?? baseURL, viewport: spec.viewport });
  return { ...(await register(context, spec)), page };
}

async function register(context: BrowserContext, spec: PlayerSpec): Promise<RegisteredContext> {
  const handle = spec.handle.toLowerCase();
  const email = `${handle}@${spec.emailDomain ?? 'example.test'}`;
  const state = await registerViaApi(context, email, {
    name: spec.name,
    summonerTagline: spec.tagline,
    region: spec.region ?? 'NA',
    discord: handle.replaceAll('-', '_'),
    rank: spec.rank,
    canSendEmailsToUser: false,
  });
  return { context, id: state.user!._id, name: spec.name, email };
}

/** A balanced scrim of the NA region created by `admin` through the API, starting in an hour: its id. */
export async function createBalancedScrim(admin: BrowserContext, title: string): Promise<string> {
  const created = await admin.request.post('/api/scrims', {
    data: {
      title,
      region: 'NA',
      gameStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      mode: 'balanced',
      useTournamentCode: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** A fresh context signed in as `email` (a seeded account: 'admin@scrimgym.dev', 'faker.fan@scrimgym.dev'…), a page open. */
export async function signedInPage(
  browser: Browser,
  email: string,
  {
    viewport,
    baseURL: server = baseURL,
    timezoneId,
  }: { viewport?: ViewportName; baseURL?: string; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page; state: AuthState }> {
  const { context, page } = await newPage(browser, { baseURL: server, viewport, timezoneId });
  const state = await signInViaApi(context, email);
  return { context, page, state };
}

/**
 * A server of the suite's own with a Riot API key, pointed at a fake Riot (which accepts callbacks on any port):
 * no demo seed, `adminEmail` an admin. The shared journeys' server stays without Riot.
 */
export async function startRiotServer({
  logName,
  adminEmail,
}: {
  logName: string;
  adminEmail: string;
}): Promise<{ fake: FakeRiot; server: RunningServer }> {
  const fake = await startFakeRiot({ allowAnyCallbackPort: true });
  try {
    const server = await startServer({
      logName,
      env: {
        SEED_DEMO: 'false',
        RIOT_API_KEY: fake.apiKey,
        RIOT_API_BASE_URL: fake.url,
        DDRAGON_BASE_URL: fake.url,
        ADMIN_EMAILS: adminEmail,
        // The lobby guard reads Riot's lobby every half second: a journey sees a join within a second; the missing
        // are told 3 s after the code (5 minutes in production), and a lost callback's result is polled for every
        // second from the start.
        RIOT_LOBBY_POLL_MS: '500',
        RIOT_LOBBY_REMINDER_MS: '3000',
        RIOT_RESULT_POLL_FIRST_MS: '1000',
        RIOT_RESULT_POLL_MS: '1000',
      },
    });
    return { fake, server };
  } catch (error) {
    await fake.close();
    throw error;
  }
}
