import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { FakeRiot } from '../../apps/server/src/test/fake-riot.js';
import { newContext, registerViaApi, type ViewportName } from './browser.js';

/** The ten slots of a scrim, Blue's five then Red's, each in role order. */
export const TEN_SLOTS = (['teamOne', 'teamTwo'] as const).flatMap((team) =>
  (['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const).map((role) => ({ team, role })),
);

/** A sign-up body of the NA region with the E2E tagline. */
export const e2eAccount = (name: string, discord: string) => ({
  name,
  summonerTagline: 'E2E',
  region: 'NA',
  discord,
  rank: 'Gold 2',
  canSendEmailsToUser: false,
});

/**
 * Registers `account` on a server with a Riot key: the fake Riot learns its Riot ID first (with a key, sign-up
 * refuses a Riot ID that Riot does not know). Returns the session and the fake's player.
 */
export async function registerRiotAccount(
  fake: FakeRiot,
  context: BrowserContext,
  email: string,
  account: ReturnType<typeof e2eAccount>,
) {
  const player = fake.addPlayer({ gameName: account.name, tagLine: account.summonerTagline, platform: 'na1' });
  const state = await registerViaApi(context, email, account);
  return { state, player };
}

export interface RiotPlayer {
  context: BrowserContext;
  id: string;
  name: string;
  puuid: string;
  team: 'teamOne' | 'teamTwo';
}

/**
 * Ten players registered on `baseURL` whose Riot IDs the fake Riot knows (`<prefix> <n>#E2E`), one per slot of
 * TEN_SLOTS; `viewportOf(i)` picks each one's browser size (desktop by default).
 */
export function registerRiotPlayers({
  browser,
  baseURL,
  fake,
  prefix,
  viewportOf = () => 'desktop',
}: {
  browser: Browser;
  baseURL: string;
  fake: FakeRiot;
  /** Letters and digits, unique per run (names are at most 16 characters with the slot's digit). */
  prefix: string;
  viewportOf?: (index: number) => ViewportName;
}): Promise<RiotPlayer[]> {
  return Promise.all(
    TEN_SLOTS.map(async (slot, i) => {
      const context = await newContext(browser, baseURL, viewportOf(i));
      const name = `${prefix}${i}`;
      const tag = name.toLowerCase().replaceAll(' ', '_');
      const {
        state,
        player: { puuid },
      } = await registerRiotAccount(fake, context, `${tag}@riot-e2e.test`, e2eAccount(name, tag));
      return { context, id: state.user!._id, name, puuid, team: slot.team };
    }),
  );
}

/** An NA scrim `admin` creates, starting in `inMs`, with the ten players in TEN_SLOTS order (through the API). */
export async function fullScrimStartingIn({
  admin,
  title,
  inMs,
  players,
  useTournamentCode = true,
}: {
  admin: BrowserContext;
  title: string;
  inMs: number;
  players: RiotPlayer[];
  /** false: played with the manual lobby (no code). */
  useTournamentCode?: boolean;
}) {
  const startsAt = Date.now() + inMs;
  const res = await admin.request.post('/api/scrims', {
    data: { title, region: 'NA', gameStartTime: new Date(startsAt).toISOString(), useTournamentCode },
  });
  expect(res.status(), await res.text()).toBe(201);
  const scrimId = ((await res.json()) as { _id: string })._id;
  for (const [i, player] of players.entries()) {
    const { team, role } = TEN_SLOTS[i]!;
    const join = await player.context.request.patch(`/api/scrims/${scrimId}/insert-player/${player.id}`, {
      data: { playerData: { role, team: { name: team } } },
    });
    expect(join.status(), await join.text()).toBe(200);
  }
  return { scrimId, startsAt };
}
