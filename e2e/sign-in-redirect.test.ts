import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPageErrors, launchBrowser, newPage, settle, waitForPath, waitVisible } from './support/browser.js';
import { skipReason } from './support/journey.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Sign-in never sends the browser off-site: Chromium starts a real OpenID Connect sign-in (a local oidc-provider
 * issuer, our built server) with a hostile return path, follows every redirect through the issuer's pages and
 * back, and must end on a page of the app's origin, without a single request to another host.
 */

const CLIENT_ID = 'scrim-gym-e2e';
const CLIENT_SECRET = 'an-e2e-client-secret-0123456789abcdef';
const ACCOUNT = `e2e${Date.now().toString(36)}`;

describe.skipIf(Boolean(skipReason))('sign-in return path in Chromium', () => {
  let issuer: Server;
  let issuerUrl: string;
  let app: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every page the browser tried to open outside the app and the issuer (aborted). */
  const offSite: string[] = [];

  beforeAll(async () => {
    // The issuer listens first (the server needs its URL); it is configured once the server's port is known.
    issuer = createServer((_req, res) => res.writeHead(503).end());
    issuer.listen(0, '127.0.0.1');
    await once(issuer, 'listening');
    issuerUrl = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;

    app = await startServer({
      logName: 'sign-in-redirect',
      env: {
        SEED_DEMO: 'false',
        OIDC_ISSUER: issuerUrl,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_ALLOW_INSECURE: 'true',
      },
    });
    const provider = new Provider(issuerUrl, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${app.baseURL}/api/auth/oidc/oidc/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      findAccount: (_ctx, accountId) => ({
        accountId,
        claims: () => ({ sub: accountId, email: `${accountId}@issuer.test`, email_verified: true, name: accountId }),
      }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      cookies: { keys: ['e2e-issuer-cookie-key'] },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
    });
    issuer.removeAllListeners('request');
    issuer.on('request', provider.callback());

    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { baseURL: app.baseURL }));
    const allowed = new Set([new URL(app.baseURL).host, new URL(issuerUrl).host]);
    await context.route('**/*', (route) => {
      const request = route.request();
      if (allowed.has(new URL(request.url()).host)) return route.continue();
      // Off-site images and frames (Data Dragon, the guide's slides) stay off in a hermetic run; only the
      // top-level page leaving the site is the failure.
      if (request.isNavigationRequest() && request.frame().parentFrame() === null) offSite.push(request.url());
      return route.abort('blockedbyclient');
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    issuer?.closeAllConnections();
    await new Promise((resolve) => issuer?.close(resolve));
  });

  /**
   * Opens the sign-in start URL with `returnTo` and goes through the issuer's login and consent pages like a
   * user, until the browser is back on a page of the app (not an API URL). Returns that page's URL.
   */
  async function signIn(returnTo: string): Promise<URL> {
    await page.goto(`/api/auth/oidc/oidc/start?returnTo=${encodeURIComponent(returnTo)}`);
    for (let step = 0; step < 10; step++) {
      const here = new URL(page.url());
      if (here.origin === app.baseURL && !here.pathname.startsWith('/api/')) {
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await settle(page);
        return new URL(page.url());
      }
      if (here.origin !== issuerUrl) return here;
      const login = page.locator('input[name="login"]');
      if (await login.count()) {
        await login.fill(ACCOUNT);
        await page.locator('input[name="password"]').fill('any');
      }
      await page.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.href !== here.href);
    }
    throw new Error(`sign-in did not come back to the app: still at ${page.url()}`);
  }

  it('signs in through the issuer and returns to a same-site page', async () => {
    const first = await signIn('/scrims');
    // A new identity signs up first, whatever the return path.
    expect(first.pathname + first.search).toBe('/signup?resume=1');
    const registered = await context.request.post('/api/auth/register', {
      data: {
        name: `E2e ${ACCOUNT.slice(-8)}`,
        summonerTagline: 'NA1',
        region: 'NA',
        discord: `e2e_${ACCOUNT}`,
        rank: 'Unranked',
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);

    const guide = await signIn('/guide');
    expect(guide.href).toBe(`${app.baseURL}/guide`);
    await waitVisible(page.getByRole('heading').first(), 'the guide');
    expectNoPageErrors(page, 'guide after sign-in');
  });

  it.each([
    ['a tab a browser strips', '/\t/evil.example/phish'],
    ['a newline a browser strips', '/\n/evil.example/phish'],
    ['a backslash a browser reads as a slash', '/\\evil.example/phish'],
    ['protocol-relative', '//evil.example/phish'],
    ['an absolute URL', 'https://evil.example/phish'],
    ['encoded slashes', '/%2F%2Fevil.example/phish'],
    ['an encoded backslash', '/%5Cevil.example/phish'],
    ['a double-encoded slash', '/%252F%252Fevil.example/phish'],
    ['an encoded tab', '/%09/evil.example/phish'],
    ['a dot segment', '/..//evil.example/phish'],
    ['a javascript: URL', 'javascript:alert(document.domain)'],
  ])('ends on the app with %s in the return path', async (_what, returnTo) => {
    const landed = await signIn(returnTo);
    expect(landed.origin).toBe(app.baseURL);
    // The fallback '/' sends the signed-in user on to the hub.
    await waitForPath(page, '/scrims');
    expect(new URL(page.url()).origin).toBe(app.baseURL);
    expect(offSite).toEqual([]);
    expectNoPageErrors(page, `after sign-in with ${JSON.stringify(returnTo)}`);
  });
});
