import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, newPage, screenshot, settle, signInViaApi, waitVisible } from './support/browser.js';
import { skipReason, baseURL, useBrowser } from './support/journey.js';
import { ROOT } from './support/server.js';

/** Records the page's CSP violations (the listener is installed through the browser, so the CSP allows it). */
async function recordCspViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const target = window as unknown as { __csp: string[] };
    target.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      target.__csp.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
}
const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await settle(page);
  await waitVisible(page.locator('#root > *'), `the app rendered at ${path}`);
  expectNoPageErrors(page, path);
  expect(await violationsOf(page), `CSP violations on ${path}`).toEqual([]);
}

describe.skipIf(Boolean(skipReason))('content security policy in Chromium', () => {
  const browser = useBrowser();

  it('serves a CSP without inline script, and HSTS only in production', async () => {
    const res = await fetch(`${baseURL}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // The e2e server runs in development: no HSTS for http://127.0.0.1.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const html = await res.text();
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [], 'inline scripts in index.html').toEqual([]);
  });

  it('runs every page of the SPA with zero violations, and blocks injected inline script', async () => {
    const { context, page } = await newPage(browser, { baseURL, viewport: 'desktop' });
    await recordCspViolations(context);
    for (const path of [
      '/',
      '/signup',
      '/guide',
      '/leaderboard',
      '/privacy-policy',
      '/terms-of-service',
      '/server-error',
      '/nope',
    ]) {
      await visit(page, path);
    }

    // The seeded admin sees every signed-in page: hub, a scrim, a profile, settings, the admin forms.
    const { user } = await signInViaApi(context, 'admin@scrimgym.dev');
    const scrims = (await (
      await context.request.get(
        `/api/scrims?region=NA&startDate=${new Date(Date.now() - 86_400_000).toISOString()}&endDate=${new Date(Date.now() + 86_400_000).toISOString()}`,
      )
    ).json()) as { _id: string }[];
    expect(scrims.length).toBeGreaterThan(0);
    for (const path of [
      '/scrims',
      `/scrims/${scrims[0]!._id}`,
      `/users/${encodeURIComponent(user!.name)}`,
      '/settings',
      '/scrims/new',
      `/scrims/${scrims[0]!._id}/edit`,
      '/admin/dashboard',
      '/admin/bans',
      '/scrims',
    ]) {
      await visit(page, path);
    }
    await screenshot(page, 'security-csp-desktop');

    // What an XSS would try: an injected inline script and an inline event handler. Both must not run.
    await page.goto('/scrims');
    await settle(page);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__attributeRan = true');
      img.src = 'data:,broken';
      document.body.append(img);
    });
    // Chromium reports each one it blocks: once both reports are in, neither ran (nor can any more).
    const reported = async () => {
      const blocked = await violationsOf(page);
      return ['script-src-elem', 'script-src-attr'].filter((d) =>
        blocked.some((v) => v.startsWith(`${d} blocked inline`)),
      );
    };
    await expect.poll(reported, { timeout: 10_000, interval: 50 }).toEqual(['script-src-elem', 'script-src-attr']);
    const ran = await page.evaluate(() => {
      const w = window as unknown as { __inlineRan?: boolean; __attributeRan?: boolean };
      return { inline: w.__inlineRan ?? false, attribute: w.__attributeRan ?? false };
    });
    expect(ran).toEqual({ inline: false, attribute: false });
    const blocked = await violationsOf(page);
    expect(blocked.some((v) => v.startsWith('script-src-elem blocked inline'))).toBe(true);
    expect(blocked.some((v) => v.startsWith('script-src-attr blocked inline'))).toBe(true);
    await context.close();
  });

  it("opens the socket under connect-src 'self' (no ws:/wss: wildcard), with the session cookie alone", async () => {
    const { context, page } = await newPage(browser, { baseURL, viewport: 'desktop' });
    await recordCspViolations(context);
    const state = await signInViaApi(context, 'admin@scrimgym.dev');
    expect(state.user).not.toBeNull();
    // Socket.IO's connect packet ('40{"sid":…}') arrives only once the server accepted the handshake's session.
    const connected = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket did not connect within 15 s')), 15_000);
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          if (!String(payload).startsWith('40{')) return;
          clearTimeout(timer);
          resolve(socket.url());
        });
      });
    });
    const response = await page.goto('/scrims');
    const csp = (await response!.allHeaders())['content-security-policy'] ?? '';
    // The socket under 'self'; the only other source is Data Dragon (the draft's champion list), never a ws: host.
    expect(csp.match(/connect-src ([^;]*)/)?.[1]?.split(' ')).toEqual([
      "'self'",
      'https://ddragon.leagueoflegends.com',
    ]);
    expect(new URL(await connected).host).toBe(new URL(baseURL).host);
    await visit(page, '/scrims');
    await context.close();
  });

  it('renders the hub under the CSP on a phone', async () => {
    const { context, page } = await newPage(browser, { baseURL, viewport: 'mobile' });
    await recordCspViolations(context);
    await signInViaApi(context, 'admin@scrimgym.dev');
    await visit(page, '/scrims');
    await screenshot(page, 'security-csp-mobile');
    await context.close();
  });
});

/**
 * The server's configuration never reaches the browser: the web app is built with a recognizable fake value
 * for every secret the server reads (from `.env.example`), and no built file may contain any of them.
 */
describe('secrets in the built web assets', () => {
  const fakes: Record<string, string> = {};
  for (const line of readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n')) {
    const name = line.match(/^#?\s*([A-Z][A-Z0-9_]+)=/)?.[1];
    if (!name) continue;
    const marker = `LEAKCHECK${name.replace(/_/g, '')}7f3a`;
    if (/SECRET|KEY|PASSWORD|TOKEN/.test(name)) fakes[name] = marker;
    else if (/^(DATABASE|REDIS)_URL$/.test(name)) {
      fakes[name] = `${name.startsWith('REDIS') ? 'redis' : 'postgres'}://user:${marker}@db.internal:5432/x`;
    }
  }
  const markerOf = (value: string) => value.match(/LEAKCHECK\w+7f3a/)![0];

  it('finds none of them in any built file', { timeout: 240_000 }, () => {
    expect(Object.keys(fakes)).toEqual(
      expect.arrayContaining([
        'ADMIN_KEY',
        'RIOT_API_KEY',
        'GOOGLE_CLIENT_SECRET',
        'DATABASE_URL',
        'OIDC_CLIENT_SECRET',
      ]),
    );
    const outDir = mkdtempSync(join(tmpdir(), 'scrimgym-leakcheck-'));
    try {
      const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
        cwd: join(ROOT, 'apps', 'web'),
        env: { ...process.env, ...fakes },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      const files = listFiles(outDir);
      expect(files.some((f) => f.endsWith('.js'))).toBe(true);
      const leaks: string[] = [];
      for (const file of files) {
        const text = readFileSync(file, 'latin1');
        for (const [name, value] of Object.entries(fakes)) {
          if (text.includes(markerOf(value))) leaks.push(`${name} in ${file.slice(outDir.length)}`);
        }
      }
      expect(leaks).toEqual([]);
      console.log(`[security] ${Object.keys(fakes).length} secrets checked in ${files.length} built files: none found`);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it("finds none of this machine's own secrets in the build the journeys serve", () => {
    const dist = join(ROOT, 'apps', 'web', 'dist');
    if (!existsSync(dist)) return;
    const present = Object.keys(fakes)
      .map((name) => [name, process.env[name]] as const)
      .filter((entry): entry is readonly [string, string] => (entry[1]?.length ?? 0) >= 8);
    const leaks = listFiles(dist).flatMap((file) => {
      const text = readFileSync(file, 'latin1');
      return present.filter(([, value]) => text.includes(value)).map(([name]) => `${name} in ${file}`);
    });
    expect(leaks).toEqual([]);
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
