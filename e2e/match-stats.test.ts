import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_MESSAGES, type ScrimMatchResponse, type UserChampionStats } from '@scrim-gym/shared';
import type { FakeRiot } from '../apps/server/src/test/fake-riot.js';
import {
  expectNoHorizontalOverflow,
  expectNoPageErrors,
  newContext,
  screenshot,
  waitVisible,
} from './support/browser.js';
import { skipReason, runTag, useBrowser, startRiotServer } from './support/journey.js';
import {
  e2eAccount,
  fullScrimStartingIn,
  registerRiotAccount,
  registerRiotPlayers,
  type RiotPlayer,
} from './support/riot-scrims.js';
import type { RunningServer } from './support/server.js';

/**
 * After the game: a scrim played with a tournament code through the fake Riot ends, the match is
 * fetched from match-v5 by a job, and the scoreboard appears on the open scrim pages without a reload; the
 * players' profiles then show the game and their champion pool. One of the ten in Riot's game is a stranger (a
 * substitute who is not on Scrim Gym): shown by Riot ID, linked to nobody.
 */
const RUN = runTag();
const ADMIN_EMAIL = `admin-${RUN.toLowerCase()}@match-e2e.test`;

describe.skipIf(Boolean(skipReason))('after the game: scoreboard and history from match-v5', () => {
  let fake: FakeRiot;
  let server: RunningServer;
  const browser = useBrowser();
  let admin: BrowserContext;
  /** The first journey's ten, who play again in the second. */
  let players: RiotPlayer[] = [];

  beforeAll(async () => {
    ({ fake, server } = await startRiotServer({ logName: 'server-match', adminEmail: ADMIN_EMAIL }));
    admin = await newContext(browser, server.baseURL);
    await registerRiotAccount(fake, admin, ADMIN_EMAIL, e2eAccount('Admin', 'admin'));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it(
    'the scoreboard appears live on the players’ pages, and the profile shows the game and the champion pool',
    { timeout: 240_000 },
    async () => {
      // Ten players whose Riot IDs the fake knows; the first on a phone.
      players = await registerRiotPlayers({
        browser,
        baseURL: server.baseURL,
        fake,
        prefix: `Stat ${RUN}`,
        viewportOf: (i) => (i === 0 ? 'mobile' : 'desktop'),
      });
      const { scrimId } = await fullScrimStartingIn({ admin, title: `Stats ${RUN}`, inMs: 10_000, players });
      const desktopPlayer = players[1]!;
      const mobilePlayer = players[0]!;
      const desktop = await desktopPlayer.context.newPage();
      const mobile = await mobilePlayer.context.newPage();
      for (const page of [desktop, mobile]) await page.goto(`/scrims/${scrimId}`);

      const codeButton = desktop.getByRole('button', { name: /^Tournament Code NA04/ });
      await codeButton.waitFor({ state: 'visible', timeout: 40_000 });
      const code = ((await codeButton.getAttribute('aria-label')) ?? '').replace('Tournament Code ', '');

      // Red side's support did not come; a friend who is not on Scrim Gym played in their place.
      const stranger = fake.addPlayer({ gameName: `Ringer ${RUN}`, tagLine: 'SUB', platform: 'na1' });
      const blue = players.filter((p) => p.team === 'teamOne').map((p) => p.puuid);
      const red = players.filter((p) => p.team === 'teamTwo').map((p) => p.puuid);
      red[4] = stranger.puuid;
      fake.codes.get(code)!.allowedParticipants.push(stranger.puuid);
      const { callbackStatus } = await fake.finishGame({ code, winningTeam: blue, losingTeam: red });
      expect(callbackStatus).toBe(200);
      const endedAt = Date.now();

      // The scoreboard arrives through the socket: no reload.
      await waitVisible(desktop.getByRole('heading', { name: MATCH_MESSAGES.scoreboardTitle }), 'scoreboard', 20_000);
      console.log(`[e2e] scoreboard visible ${Date.now() - endedAt} ms after the game-end callback`);
      await waitVisible(mobile.getByRole('heading', { name: MATCH_MESSAGES.scoreboardTitle }), 'scoreboard, mobile');

      const match = (await (
        await desktopPlayer.context.request.get(`/api/scrims/${scrimId}/match`)
      ).json()) as ScrimMatchResponse;
      expect(match.status).toBe('ready');
      const everyone = match.match!.teams.flatMap((team) => team.participants);
      expect(everyone).toHaveLength(10);
      expect(everyone.find((p) => p.puuid === stranger.puuid)).toMatchObject({ userId: null, name: null });
      expect(
        everyone
          .filter((p) => p.userId)
          .map((p) => p.userId)
          .sort(),
      ).toEqual(
        players
          .filter((p) => p.puuid !== players[9]!.puuid)
          .map((p) => p.id)
          .sort(),
      );

      // The desktop board shows both teams; the stranger by Riot ID, not as a link to anyone.
      await waitVisible(desktop.getByText(`Ringer ${RUN}#SUB`), 'the stranger by Riot ID');
      expect(await desktop.getByRole('link', { name: `Ringer ${RUN}#SUB` }).count()).toBe(0);
      await waitVisible(desktop.getByRole('link', { name: desktopPlayer.name }).first(), 'a player linked');
      await desktop.getByRole('heading', { name: MATCH_MESSAGES.scoreboardTitle }).scrollIntoViewIfNeeded();
      await screenshot(desktop, 'match-scoreboard-desktop');
      await expectNoHorizontalOverflow(mobile, 'scoreboard at 390 px');
      await mobile.getByRole('heading', { name: MATCH_MESSAGES.scoreboardTitle }).scrollIntoViewIfNeeded();
      await screenshot(mobile, 'match-scoreboard-mobile');

      // The profile: the game in the history and the champion in the pool.
      const champion = everyone.find((p) => p.userId === desktopPlayer.id)!.champion;
      const pool = (await (
        await desktopPlayer.context.request.get(`/api/users/${desktopPlayer.id}/champions`)
      ).json()) as UserChampionStats;
      expect(pool).toEqual([expect.objectContaining({ champion, games: 1, wins: 1 })]);
      const profilePath = `/users/${encodeURIComponent(desktopPlayer.name)}?region=NA&tagline=E2E`;
      for (const [page, label] of [
        [desktop, 'desktop'],
        [mobile, 'mobile'],
      ] as [Page, string][]) {
        await page.goto(profilePath);
        await waitVisible(page.getByRole('heading', { name: MATCH_MESSAGES.championPoolTitle }), 'champion pool');
        await waitVisible(page.getByRole('heading', { name: MATCH_MESSAGES.historyTitle }), 'match history');
        await page.getByRole('heading', { name: MATCH_MESSAGES.historyTitle }).scrollIntoViewIfNeeded();
        await expectNoHorizontalOverflow(page, `profile history at ${label}`);
        await screenshot(page, `match-profile-${label}`);
      }
      expectNoPageErrors(desktop);
      expectNoPageErrors(mobile);
    },
  );
  it(
    'an admin attaches the match of a manual-lobby game by id; the profile then has two games and their trend',
    { timeout: 180_000 },
    async () => {
      expect(players, 'the first journey registered the ten').toHaveLength(10);
      const { scrimId } = await fullScrimStartingIn({
        admin,
        title: `Manual ${RUN}`,
        inMs: 2_000,
        players,
        useTournamentCode: false,
      });
      // Played in a lobby of their own: Riot knows the game, the app does not.
      const matchId = fake.addMatch({
        blue: players.filter((p) => p.team === 'teamOne').map((p) => p.puuid),
        red: players.filter((p) => p.team === 'teamTwo').map((p) => p.puuid),
        blueWins: false,
      });
      await new Promise((resolve) => setTimeout(resolve, 2_500));

      const page = await admin.newPage();
      await page.goto(`/scrims/${scrimId}`);
      const form = page.getByRole('form', { name: MATCH_MESSAGES.attachTitle });
      await waitVisible(form, 'the attach form, for the admin');
      const field = form.getByRole('textbox', { name: MATCH_MESSAGES.attachLabel });
      // An id of another region is refused with the reason, under the field.
      await field.fill('EUW1_4812345678');
      await form.getByRole('button', { name: MATCH_MESSAGES.attachButton }).click();
      await waitVisible(form.getByText(MATCH_MESSAGES.matchWrongRegion('NA')), 'the wrong region, explained');
      await screenshot(page, 'match-attach-refused-desktop', { fullPage: false });
      await field.fill(matchId);
      await form.getByRole('button', { name: MATCH_MESSAGES.attachButton }).click();
      await waitVisible(page.getByRole('heading', { name: MATCH_MESSAGES.scoreboardTitle }), 'attached scoreboard');

      // A player's page that was open shows it too; the profile now has two games and a trend.
      const player = players[1]!;
      const profile = await player.context.newPage();
      await profile.goto(`/users/${encodeURIComponent(player.name)}?region=NA&tagline=E2E`);
      await waitVisible(profile.getByRole('heading', { name: MATCH_MESSAGES.historyTitle }), 'match history');
      await waitVisible(profile.getByTestId('match-row').nth(1), 'the second game in the history');
      await profile.getByRole('heading', { name: MATCH_MESSAGES.historyTitle }).scrollIntoViewIfNeeded();
      await screenshot(profile, 'match-profile-two-games-desktop');
      expectNoPageErrors(page);
      expectNoPageErrors(profile);
    },
  );
});
