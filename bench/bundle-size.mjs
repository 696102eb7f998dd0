// Gzipped JavaScript a browser downloads on a first visit, per route, against DESIGN.md's budgets.
// Usage: npm run build && node bench/bundle-size.mjs [--files]   (--files prints each route's scripts, largest first)
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, report, startServer } from './lib.mjs';

/** Routes with a budget (DESIGN.md 6), then others whose first-visit weight is reported. */
const PLAYER = 'faker.fan@scrimgym.dev';
const ADMIN = 'admin@scrimgym.dev';
const BUDGETS = [
  { route: '/', budgetKb: 160, signedIn: null, waitFor: 'text=Scrim Gym' },
  { route: '/scrims', budgetKb: 260, signedIn: PLAYER, waitFor: 'main h1' },
  { route: '/settings', budgetKb: null, signedIn: PLAYER, waitFor: 'main h1' },
  { route: '/guide', budgetKb: null, signedIn: null, waitFor: 'main h1' },
  { route: '/admin/dashboard', budgetKb: null, signedIn: ADMIN, waitFor: 'main h1' },
];

const printFiles = process.argv.includes('--files');
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const rows = [];
try {
  for (const { route, budgetKb, signedIn, waitFor } of BUDGETS) {
    const context = await browser.newContext();
    if (signedIn) await context.request.post(`${server.url}/api/auth/dev-login`, { data: { email: signedIn } });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type === 'script') scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
    await page.waitForSelector(waitFor, { timeout: 15_000 }).catch(() => console.warn(`${route}: ${waitFor} not seen`));
    await page.waitForLoadState('networkidle');
    const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    if (printFiles) {
      console.log(`${route}: ${totalKb.toFixed(1)} KB in ${scripts.size} files`);
      for (const [url, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
    }
    rows.push({
      figure: `first-visit JS of ${route}${signedIn ? ` (signed in as ${signedIn === ADMIN ? 'admin' : 'player'})` : ''}`,
      budget: budgetKb ? `<= ${budgetKb} KB gzip` : 'reported',
      measured: `${totalKb.toFixed(1)} KB in ${scripts.size} files`,
      reference: budgetKb ? `${budgetKb} KB` : '',
      ratio: budgetKb ? (totalKb / budgetKb).toFixed(2) : '',
      ok: budgetKb ? totalKb <= budgetKb : null,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
report('bundle-size', 'Gzipped JavaScript downloaded on a first visit (Chromium, level 9)', rows);
