// Gzipped JavaScript a browser downloads on a first visit, per route, against DESIGN.md's budgets.
// Usage: npm run build && node bench/bundle-size.mjs
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startServer } from './lib.mjs';

const BUDGETS = [
  { route: '/', budgetKb: 160, signedIn: false, waitFor: 'text=Scrim Gym' },
  { route: '/scrims', budgetKb: 260, signedIn: true, waitFor: 'main h1' },
];

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const rows = [];
try {
  for (const { route, budgetKb, signedIn, waitFor } of BUDGETS) {
    const context = await browser.newContext();
    if (signedIn)
      await context.request.post(`${server.url}/api/auth/dev-login`, { data: { email: 'faker.fan@scrimgym.dev' } });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type === 'script') scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    });
    await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
    await page.waitForSelector(waitFor);
    await page.waitForLoadState('networkidle');
    const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    rows.push({
      route: `${route}${signedIn ? ' (signed in)' : ''}`,
      files: scripts.size,
      gzipKb: totalKb.toFixed(1),
      budgetKb,
      ratio: (totalKb / budgetKb).toFixed(2),
      ok: totalKb <= budgetKb,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.table(rows);
if (rows.some((r) => !r.ok)) process.exitCode = 1;
