import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeRiot } from '../apps/server/src/test/fake-riot.js';
import { expectNoPageErrors, newContext, registerViaApi, screenshot, waitVisible } from './support/browser.js';
import { skipReason, runTag, useBrowser, startRiotServer } from './support/journey.js';
import type { RunningServer } from './support/server.js';

/**
 * Game day against the local fake Riot (issue 4). This file runs its own server, configured with a Riot key and
 * pointed at the fake, so the shared journeys' server stays without Riot. The fake accepts the callback on the
 * server's port (the real API only takes 80 or 443) and delivers game-end callbacks to it.
 */
const RUN = runTag();
const SLOTS = (['teamOne', 'teamTwo'] as const).flatMap((team) =>
  ['Top', 'Jungle', 'Mid', 'ADC', 'Support'].map((role) => ({ team, role })),
);
const ADMIN_EMAIL = `admin-${RUN.toLowerCase()}@riot-e2e.test`;

interface Player {
  context: BrowserContext;
  id: string;
  puuid: string;
  team: 'teamOne' | 'teamTwo';
}

describe.skipIf(Boolean(skipReason))('game day automation against the fake Riot (issue 4)', () => {
  let fake: FakeRiot;
  let server: RunningServer;
  const browser = useBrowser();
  let admin: BrowserContext;
  let batch = 0;

  beforeAll(async () => {
    ({ fake, server } = await startRiotServer({ logName: 'server-riot', adminEmail: ADMIN_EMAIL }));
    admin = await newContext(browser, server.baseURL);
    await registerViaApi(admin, ADMIN_EMAIL, account('Admin', 'admin'));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  function account(name: string, discord: string) {
    return { name, summonerTagline: 'E2E', region: 'NA', discord, rank: 'Gold 2', canSendEmailsToUser: false };
  }

  /** Ten registered players whose Riot IDs the fake Riot knows, one per slot. */
  async function tenPlayers(): Promise<Player[]> {
    batch++;
    return Promise.all(
      SLOTS.map(async (slot, i) => {
        const context = await newContext(browser, server.baseURL, i === 5 ? 'mobile' : 'desktop');
        const name = `Rift ${RUN}${batch}${i}`;
        const tag = `${RUN.toLowerCase()}_${batch}_${i}`;
        const state = await registerViaApi(context, `rift-${tag}@riot-e2e.test`, account(name, `rift_${tag}`));
        const { puuid } = fake.addPlayer({ gameName: name, tagLine: 'E2E', platform: 'na1' });
        return { context, id: state.user!._id, puuid, team: slot.team };
      }),
    );
  }

  /** An admin-made scrim starting in `inMs` with all ten slots taken through the API. */
  async function fullScrimStartingIn(inMs: number, players: Player[]) {
    const startsAt = Date.now() + inMs;
    const res = await admin.request.post('/api/scrims', {
      data: { title: `Riot ${RUN}${batch}`, region: 'NA', gameStartTime: new Date(startsAt).toISOString() },
    });
    expect(res.status(), await res.text()).toBe(201);
    const scrimId = ((await res.json()) as { _id: string })._id;
    for (const [i, player] of players.entries()) {
      const { team, role } = SLOTS[i]!;
      const join = await player.context.request.patch(`/api/scrims/${scrimId}/insert-player/${player.id}`, {
        data: { playerData: { role, team: { name: team } } },
      });
      expect(join.status(), await join.text()).toBe(200);
    }
    return { scrimId, startsAt };
  }

  it(
    'a full scrim gets its code at the start, the players see it live, and the game result sets the winner live',
    { timeout: 180_000 },
    async () => {
      const players = await tenPlayers();
      const { scrimId, startsAt } = await fullScrimStartingIn(15_000, players);

      const desktop = await players[0]!.context.newPage();
      const mobile = await players[5]!.context.newPage();
      for (const page of [desktop, mobile]) {
        await page.goto(`/scrims/${scrimId}`);
        await waitVisible(page.getByText('Game starting in...'), 'countdown');
      }

      // The start job makes the code; it reaches the open pages through the socket, no reload.
      const codeButton = desktop.getByRole('button', { name: /^Tournament Code NA04/ });
      await codeButton.waitFor({ state: 'visible', timeout: 30_000 });
      const codeShownAfterStartMs = Date.now() - startsAt;
      console.log(`[e2e] tournament code visible ${codeShownAfterStartMs} ms after the start`);
      expect(codeShownAfterStartMs).toBeLessThan(1_500);
      await waitVisible(mobile.getByRole('button', { name: /^Tournament Code NA04/ }), 'code on mobile');
      const code = ((await codeButton.getAttribute('aria-label')) ?? '').replace('Tournament Code ', '');
      const stored = fake.codes.get(code);
      expect(stored, `fake Riot has code ${code}`).toBeTruthy();
      expect(new Set(stored!.allowedParticipants)).toEqual(new Set(players.map((p) => p.puuid)));
      await screenshot(desktop, 'tournament-code-desktop');
      await screenshot(mobile, 'tournament-code-mobile');

      // Riot posts the game's result: Red side won. Both pages show it without a reload.
      const { callbackStatus } = await fake.finishGame({
        code,
        winningTeam: players.filter((p) => p.team === 'teamTwo').map((p) => p.puuid),
        losingTeam: players.filter((p) => p.team === 'teamOne').map((p) => p.puuid),
      });
      expect(callbackStatus).toBe(200);
      await waitVisible(desktop.getByText('TEAM TWO (RED SIDE) WON!'), 'winner banner, live', 10_000);
      await waitVisible(mobile.getByText('TEAM TWO (RED SIDE) WON!'), 'winner banner on mobile, live', 10_000);
      await screenshot(desktop, 'tournament-result-desktop');
      await screenshot(mobile, 'tournament-result-mobile');
      expectNoPageErrors(desktop);
      expectNoPageErrors(mobile);
    },
  );

  it('with Riot refusing the code, the manual lobby shows and the admin sees why', { timeout: 180_000 }, async () => {
    const players = await tenPlayers();
    fake.inject({ match: '/lol/tournament/v5/codes', status: 403, times: 3 });
    const { scrimId } = await fullScrimStartingIn(10_000, players);
    const lobby = (await (await players[0]!.context.request.get(`/api/scrims/${scrimId}`)).json()) as {
      lobbyName: string;
      lobbyPassword: string;
    };

    const page = await players[0]!.context.newPage();
    await page.goto(`/scrims/${scrimId}`);
    await waitVisible(page.getByText('Game starting in...'), 'countdown');
    await waitVisible(page.getByRole('button', { name: `Password ${lobby.lobbyPassword}` }), 'manual lobby', 30_000);
    await waitVisible(page.getByRole('button', { name: `Lobby Name ${lobby.lobbyName}` }), 'manual lobby name');

    const adminPage = await admin.newPage();
    await adminPage.goto(`/scrims/${scrimId}`);
    await waitVisible(adminPage.getByText(/^Tournament code: Riot .*forbidden \(403\)/), 'the reason, for the admin');
    await waitVisible(adminPage.getByRole('button', { name: 'Regenerate Tournament Code' }), 'regenerate button');
    await screenshot(adminPage, 'tournament-failed-admin-desktop');
    expectNoPageErrors(page);
    expectNoPageErrors(adminPage);
  });
});
