// Takes the user guide's pictures (/guide) from the real app: starts the built server on a fresh embedded
// database with the demo community, walks through it in Chromium as demo players, and writes each screen as a
// WebP under apps/web/src/features/public/assets/guide/ (960×600, each under 60 KB).
// Usage: npm run build && node apps/web/scripts/guide-screenshots.mjs
/* global document, window -- page.evaluate callbacks run in the browser */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, startServer } from '../../../bench/lib.mjs';

const OUT = fileURLToPath(new URL('../src/features/public/assets/guide/', import.meta.url));
/** What the page is taken at, and what the guide shows (the same 16:10 shape). */
const VIEWPORT = { width: 1200, height: 750 };
const SIZE = { width: 960, height: 600 };
const MAX_BYTES = 60 * 1024;

/** A demo player's dev sign-in address (db/seed.ts: the name in lower case, spaces as dots). */
const emailOf = (name) => `${name.toLowerCase().replace(/\s+/g, '.')}@scrimgym.dev`;

async function encode(png, name) {
  const file = join(OUT, `${name}.webp`);
  // Lower the quality until the picture fits its budget.
  for (const quality of [80, 72, 64, 56, 48]) {
    await sharp(png).resize(SIZE.width, SIZE.height).webp({ quality, effort: 6 }).toFile(file);
    const bytes = statSync(file).size;
    if (bytes <= MAX_BYTES) return console.log(`${name}.webp  ${(bytes / 1024).toFixed(1)} KB  (quality ${quality})`);
  }
  throw new Error(`${name}.webp stays over ${MAX_BYTES / 1024} KB`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    /** A page signed in as `name` (a demo player), at the guide's size. */
    const pageAs = async (name) => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
        locale: 'en-US',
        timezoneId: 'America/New_York',
      });
      const res = await context.request.post('/api/auth/dev-login', { data: { email: emailOf(name) } });
      if (!res.ok()) throw new Error(`dev sign-in as ${name}: ${res.status()}`);
      return context.newPage();
    };
    const settle = async (page) => {
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(400);
    };
    /** Scrolls `locator` to the top of the view (under the app bar) and takes the viewport. */
    const shoot = async (page, name, locator) => {
      if (locator) {
        await locator.first().waitFor({ timeout: 15_000 });
        await locator.first().evaluate((el) => {
          el.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -88);
        });
        await page.waitForTimeout(300);
      }
      await encode(await page.screenshot(), name);
    };

    // Today's scrims in NA, to pick the right ones whatever the seed holds.
    const admin = await pageAs('Admin');
    const day = new Date();
    const from = new Date(day.getFullYear(), day.getMonth(), day.getDate());
    const to = new Date(from.getTime() + 24 * 3600 * 1000 - 1);
    const listed = await (
      await admin.request.get(`/api/scrims?region=NA&startDate=${from.toISOString()}&endDate=${to.toISOString()}`)
    ).json();
    const scrims = Array.isArray(listed) ? listed : listed.data;
    const playersOf = (s) => [...s.teamOne, ...s.teamTwo].map((p) => p._user.name);
    const now = Date.now();
    const upcoming = scrims.find((s) => Date.parse(s.gameStartTime) > now && playersOf(s).length < 10);
    const ready = scrims.find((s) => Date.parse(s.gameStartTime) <= now && playersOf(s).length === 10 && !s.teamWon);
    if (!upcoming || !ready) throw new Error('the demo seed has no upcoming scrim with open slots or no full scrim');
    const everyone = [...new Set(scrims.flatMap(playersOf))];
    const newcomer = everyone.find(
      (n) => !playersOf(upcoming).includes(n) && !upcoming.casters.some((c) => c.name === n),
    );
    const hostName = ready.lobbyHost?.name ?? ready.lobbyHost?._user?.name;
    const player = playersOf(ready).find((n) => n !== hostName);
    await admin.context().close();

    // 1. Find a scrim: the hub.
    const finder = await pageAs(newcomer);
    await finder.goto('/scrims');
    await settle(finder);
    await shoot(finder, 'find-a-scrim');

    // 2. Join a slot, and 5. cast: an upcoming scrim with open slots, as someone not in it.
    await finder.goto(`/scrims/${upcoming._id}`);
    await settle(finder);
    // The top of the scrim: its title, the casters with Join Cast, and Team One.
    await shoot(finder, 'cast');
    await shoot(finder, 'join-a-slot', finder.getByText(/^Team One/));
    await finder.context().close();

    // 3. Lobby password: a full scrim that has started, as one of its players.
    const lobbyPlayer = await pageAs(player);
    await lobbyPlayer.goto(`/scrims/${ready._id}`);
    await settle(lobbyPlayer);
    await shoot(lobbyPlayer, 'lobby-password');

    // 6. Chat: the scrim's chat, with a message.
    await lobbyPlayer
      .getByRole('button', { name: /^Scrim chat/ })
      .first()
      .click();
    const chat = lobbyPlayer.getByRole('dialog');
    const box = chat.getByPlaceholder('new message');
    await box.fill('gl hf everyone! Lobby is up, join with the password.');
    await box.press('Enter');
    await chat.getByText('gl hf everyone!', { exact: false }).first().waitFor();
    await lobbyPlayer.waitForTimeout(300);
    await shoot(lobbyPlayer, 'chat');
    await lobbyPlayer.context().close();

    // 4. The captain reports the winner: the same scrim as its lobby host.
    if (hostName) {
      const captain = await pageAs(hostName);
      await captain.goto(`/scrims/${ready._id}`);
      await settle(captain);
      await shoot(captain, 'captain-reports');
      await captain.context().close();
    }

    // 7. Profile: a player's own profile.
    const profile = await pageAs(player);
    const me = await (await profile.request.get('/api/auth/session')).json();
    await profile.goto(`/users/${encodeURIComponent(me.user.name)}?region=${me.user.region}`);
    await settle(profile);
    await profile.waitForTimeout(800);
    await shoot(profile, 'profile');
    await profile.context().close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
