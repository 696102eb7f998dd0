// Cold load to usable content (DESIGN.md 6): Chromium with an empty cache (a fresh browser context for every
// load) opens each page of the production web build and the clock stops when the page's main content is visible
// (a selector per page, not network idle). Median of N loads per page, budget 1.5 s each on an idle machine; plus
// the lobby-password-visible time of a participant on a started, full scrim's page.
//
// The server runs in development mode (startServer in lib.mjs) so that the bench signs in with the dev sign-in
// (refused in production). What the browser loads is the same either way: the production build of the web app
// (`node scripts/start.mjs --build-only`, or `npm run build` with NODE_ENV unset), served with the same
// static-file plugin and compression; the server's NODE_ENV only changes cookies' `secure`, HSTS and log format.
//
// Usage: node scripts/start.mjs --build-only && node bench/cold-load.mjs [--runs 5] [--waterfall]
//   --waterfall prints, for one load of each page, when each request started and ended (ms from navigation).
/* global document, getComputedStyle, location -- functions evaluated in the page */
import { loadavg } from 'node:os';
import { chromium, request } from 'playwright-core';
import { CHROMIUM_ARGS, report, startServer } from './lib.mjs';

const BUDGET_MS = 1500;
const arg = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const RUNS = Number(arg('--runs') ?? process.env.COLD_LOAD_RUNS ?? 5);
const WATERFALL = process.argv.includes('--waterfall');
const PLAYER = 'faker.fan@scrimgym.dev';
const ADMIN = 'admin@scrimgym.dev';
/** The demo seed's dev sign-in address of a seeded player (apps/server/src/db/seed.ts). */
const seededEmail = (name) => `${name.toLowerCase().replace(/\s+/g, '.')}@scrimgym.dev`;

const load = () => loadavg().map((v) => v.toFixed(2));

/** A started, full scrim without a result in the demo seed (Diamond Practice), as an admin sees it. */
async function findPlayedScrim(url) {
  const api = await request.newContext({ baseURL: url });
  try {
    await api.post('/api/auth/dev-login', { data: { email: ADMIN } });
    const now = Date.now();
    const query = new URLSearchParams({
      region: 'NA',
      startDate: new Date(now - 20 * 3600_000).toISOString(),
      endDate: new Date(now + 20 * 3600_000).toISOString(),
    });
    const scrims = await (await api.get(`/api/scrims?${query}`)).json();
    const scrim = scrims.find(
      (s) =>
        new Date(s.gameStartTime).getTime() < now &&
        s.teamOne.length === 5 &&
        s.teamTwo.length === 5 &&
        !s.teamWon &&
        !s.abandonedAt,
    );
    if (!scrim?.lobbyPassword) throw new Error('the demo seed has no started, full scrim with a password');
    return scrim;
  } finally {
    await api.dispose();
  }
}

/**
 * Waits in the page, frame by frame, until `selector` matches a visible element (whose text contains `text` when
 * given) and answers performance.now() then: milliseconds since the navigation started.
 */
async function visibleAt(page, selector, text) {
  const handle = await waitInPage(page, selector, text);
  return handle.jsonValue();
}

/** The frame-by-frame wait of visibleAt; a page that never shows it fails with what it showed instead. */
async function waitInPage(page, selector, text) {
  try {
    return await page.waitForFunction(
      ([css, expected]) => {
        for (const element of document.querySelectorAll(css)) {
          const box = element.getBoundingClientRect();
          const shown = box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
          if (shown && (!expected || element.textContent.includes(expected))) return performance.now();
        }
        return false;
      },
      [selector, text ?? null],
      { polling: 'raf', timeout: 20_000 },
    );
  } catch (error) {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 400)).catch(() => '(no page)');
    throw new Error(`${page.url()} never showed ${selector} ${text ?? ''}; it showed: ${shown}`, { cause: error });
  }
}

/** Requests of the page so far: start and end in ms from the navigation (resource timing). */
const waterfallOf = (page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      request: entry.name.replace(location.origin, '').slice(0, 90),
      startMs: Math.round(entry.startTime),
      endMs: Math.round(entry.responseEnd),
    })),
  );

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const loadBefore = load();
const rows = [];
try {
  const scrim = await findPlayedScrim(server.url);
  const participant = scrim.teamOne[0]._user;
  const other = scrim.teamTwo[0]._user;
  const profilePath = `/users/${encodeURIComponent(other.name)}?region=${other.region}&tagline=${encodeURIComponent(other.summonerTagline)}`;
  /** Each page, who is signed in, and what "usable" means there: its main content visible. */
  const PAGES = [
    { name: 'landing /', path: '/', signedIn: null, selector: 'main h1' },
    { name: 'hub /scrims', path: '/scrims', signedIn: PLAYER, selector: 'main h3 a' },
    {
      name: 'scrim detail (participant)',
      path: `/scrims/${scrim._id}`,
      signedIn: seededEmail(participant.name),
      selector: 'main h1',
      text: scrim.title,
      // The lobby secrets of a started, full scrim, in the same load.
      also: { name: 'lobby password visible (participant)', selector: 'main', text: scrim.lobbyPassword },
    },
    {
      name: 'profile /users/:name',
      path: profilePath,
      signedIn: PLAYER,
      selector: 'main h1',
      text: other.name,
      also: { name: 'profile charts drawn', selector: 'main .recharts-surface', budget: false },
    },
    { name: 'settings', path: '/settings', signedIn: PLAYER, selector: 'main form input' },
    { name: 'admin dashboard', path: '/admin/dashboard', signedIn: ADMIN, selector: 'main [aria-label="Key figures"]' },
  ];

  for (const target of PAGES) {
    const times = [];
    const alsoTimes = [];
    // One load first, not counted: the server's own first time on this page (JIT, query plans).
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        if (target.signedIn) {
          const res = await context.request.post(`${server.url}/api/auth/dev-login`, {
            data: { email: target.signedIn },
          });
          if (!res.ok()) throw new Error(`dev sign-in of ${target.signedIn}: ${res.status()}`);
        }
        const page = await context.newPage();
        await page.goto(`${server.url}${target.path}`, { waitUntil: 'commit' });
        const ms = await visibleAt(page, target.selector, target.text);
        const alsoMs = target.also ? await visibleAt(page, target.also.selector, target.also.text) : null;
        if (run > 0) {
          times.push(ms);
          if (alsoMs !== null) alsoTimes.push(alsoMs);
        }
        if (WATERFALL && run === 1) {
          await page.waitForLoadState('load');
          console.log(`\n${target.name}: usable at ${Math.round(ms)} ms`);
          console.table(await waterfallOf(page));
        }
      } finally {
        await context.close();
      }
    }
    const row = (name, values, budgeted = true) => {
      const ms = median(values);
      return {
        figure: `${name}: cold load to usable, median of ${values.length}`,
        budget: budgeted ? `<= ${BUDGET_MS} ms (idle machine)` : 'reported',
        measured: `${Math.round(ms)} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`,
        reference: `load average ${load().join(' ')}`,
        ratio: budgeted ? (ms / BUDGET_MS).toFixed(2) : '',
        ok: budgeted ? ms <= BUDGET_MS : null,
      };
    };
    rows.push(row(target.name, times));
    if (target.also) {
      const also = row(target.also.name, alsoTimes, target.also.budget !== false);
      rows.push({ ...also, figure: also.figure.replace('cold load to usable', 'from navigation start') });
    }
    console.log(`${target.name}: ${times.map(Math.round).join(', ')} ms`);
  }
} finally {
  await browser.close();
  await server.stop();
}
report(
  'cold-load',
  `Cold load to usable content, Chromium, empty cache, production build, 1280 px (load average before: ${loadBefore.join(' ')})`,
  rows,
);
