import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role, ScrimMatchResponse, TeamName } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { storeDraft as storeDraftRows, type DraftSideInput } from '../../../test/draft-factories.js';
import { bearer, createUser, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot } from '../../../test/fake-riot.js';
import { givePuuids, storeFakeMatch } from '../../../test/match-factories.js';
import { createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { checkDraft } from './draft-check.js';

/**
 * The scoreboard's check of Riot's match against the scrim's finished draft. In the fake's fixture an even game
 * id has Riot's blue play Aatrox, LeeSin, Ahri, Jinx, Thresh (top to support) and ban Yone, Zed, Vayne,
 * Blitzcrank, Skarner; red plays Ornn, Viego, Orianna, Kaisa, Nautilus and bans Azir, Sejuani, Draven, Leona, Jax.
 */
const BLUE_PLAYED = ['Aatrox', 'LeeSin', 'Ahri', 'Jinx', 'Thresh'];
const RED_PLAYED = ['Ornn', 'Viego', 'Orianna', 'Kaisa', 'Nautilus'];
const BLUE_BANNED = ['Yone', 'Zed', 'Vayne', 'Blitzcrank', 'Skarner'];
const RED_BANNED = ['Azir', 'Sejuani', 'Draven', 'Leona', 'Jax'];
const HOUR = 3_600_000;

let fake: FakeRiot;
let ctx: TestContext;
let viewer: TestUser;
let nextGameId = 4_700_000_000;
const db = () => ctx.database.db;

beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestApp({ RIOT_API_KEY: fake.apiKey, RIOT_API_BASE_URL: fake.url, DDRAGON_BASE_URL: fake.url });
  viewer = await createUser({ db: db() });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const storeDraft = (
  scrimId: string,
  draft: { blue: DraftSideInput; red: DraftSideInput },
  status: 'done' | 'running',
) => storeDraftRows({ db: db(), scrimId, ...draft, status });

/**
 * A played scrim with ten PUUID-linked players and its fake Riot match (an even game id). `teamOneOn`: the side of
 * Riot's game teamOne played (red: the lobby was played with sides swapped).
 */
async function playedScrim({ teamOneOn = 'blue' }: { teamOneOn?: 'blue' | 'red' } = {}) {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - HOUR), draft: 'tournament' });
  const { players } = await fillScrim({ db: db(), scrim });
  const puuids = await givePuuids({ db: db(), users: players });
  const teams: Record<TeamName, string[]> = { teamOne: puuids.slice(0, 5), teamTwo: puuids.slice(5) };
  const [blue, red] = teamOneOn === 'blue' ? [teams.teamOne, teams.teamTwo] : [teams.teamTwo, teams.teamOne];
  const linked = players.map((p, i) => ({ userId: p.id, riotPuuid: puuids[i]! }));
  nextGameId += 2;
  await storeFakeMatch({ db: db(), scrim, blue, red, players: linked, gameId: nextGameId });
  return scrim;
}

const readMatch = async (scrimId: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/scrims/${scrimId}/match`,
    headers: bearer(viewer.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScrimMatchResponse>();
};

/** Riot's blue as drafted, but mid Syndra for Ahri; red as drafted but jungle MonkeyKing for Viego. */
const differingDraft = {
  blue: { picks: ['Aatrox', 'LeeSin', 'Syndra', 'Jinx', 'Thresh'], bans: ['Yone', 'Zed', 'Vayne', null, 'Skarner'] },
  red: {
    picks: ['Ornn', 'MonkeyKing', 'Orianna', 'Kaisa', 'Nautilus'],
    bans: ['Azir', 'Sejuani', 'Draven', 'Leona', 'Ezreal'],
  },
};

describe("GET /api/scrims/:id/match's draftCheck", () => {
  it('flags every pick and ban the game did not take from the draft, with display names', async () => {
    const scrim = await playedScrim();
    await storeDraft(scrim.id, differingDraft, 'done');
    const { match } = await readMatch(scrim.id);
    expect(match!.draftCheck).toEqual({
      mismatches: [
        { action: 'pick', side: 'blue', played: 'Ahri', drafted: 'Syndra' },
        { action: 'ban', side: 'blue', played: 'Blitzcrank', drafted: null },
        { action: 'pick', side: 'red', played: 'Viego', drafted: 'MonkeyKing' },
        { action: 'ban', side: 'red', played: 'Jax', drafted: 'Ezreal' },
      ],
      names: {
        Ahri: 'Ahri',
        Syndra: 'Syndra',
        Blitzcrank: 'Blitzcrank',
        Viego: 'Viego',
        MonkeyKing: 'Wukong',
        Jax: 'Jax',
        Ezreal: 'Ezreal',
      },
    });
  });

  it('reads a lobby played with sides swapped from the PUUIDs: teamOne drafted blue and played Riot red', async () => {
    const scrim = await playedScrim({ teamOneOn: 'red' });
    // teamOne (the draft's blue) played Riot's red champions, but drafted Syndra for mid.
    await storeDraft(
      scrim.id,
      {
        blue: { picks: ['Ornn', 'Viego', 'Syndra', 'Kaisa', 'Nautilus'], bans: RED_BANNED },
        red: { picks: BLUE_PLAYED, bans: BLUE_BANNED },
      },
      'done',
    );
    const { match } = await readMatch(scrim.id);
    // The flag names the team as the scoreboard shows it: Riot's red.
    expect(match!.draftCheck).toEqual({
      mismatches: [{ action: 'pick', side: 'red', played: 'Orianna', drafted: 'Syndra' }],
      names: { Orianna: 'Orianna', Syndra: 'Syndra' },
    });
  });

  it('is empty for a game played as drafted, and null without a finished draft', async () => {
    const asDrafted = await playedScrim();
    const draft = { blue: { picks: BLUE_PLAYED, bans: BLUE_BANNED }, red: { picks: RED_PLAYED, bans: RED_BANNED } };
    await storeDraft(asDrafted.id, draft, 'done');
    expect((await readMatch(asDrafted.id)).match!.draftCheck).toEqual({ mismatches: [], names: {} });

    const running = await playedScrim();
    await storeDraft(running.id, differingDraft, 'running');
    expect((await readMatch(running.id)).match!.draftCheck).toBeNull();

    const none = await playedScrim();
    expect((await readMatch(none.id)).match!.draftCheck).toBeNull();
  });
});

describe('checkDraft', () => {
  const turns = (side: 'blue' | 'red', picks: [string, Role | null][], bans: (string | null)[] = []) => [
    ...bans.map((champion) => ({ side, action: 'ban' as const, champion, role: null })),
    ...picks.map(([champion, role]) => ({ side, action: 'pick' as const, champion, role })),
  ];
  const played = (side: 'blue' | 'red', list: [string, Role | null][]) =>
    list.map(([champion, role]) => ({ side, champion, role }));

  it('pairs a champion played with the drafted one of the same role, then the rest in order', () => {
    const mismatches = checkDraft({
      turns: turns('blue', [
        ['Syndra', 'Mid'],
        ['Jinx', null],
        ['MonkeyKing', 'Jungle'],
      ]),
      teams: [],
      participants: played('blue', [
        ['Viego', 'Jungle'],
        ['Ahri', 'Mid'],
        ['Ezreal', 'ADC'],
      ]),
      teamOneSide: 'blue',
    });
    expect(mismatches).toEqual([
      { action: 'pick', side: 'blue', played: 'Viego', drafted: 'MonkeyKing' },
      { action: 'pick', side: 'blue', played: 'Ahri', drafted: 'Syndra' },
      { action: 'pick', side: 'blue', played: 'Ezreal', drafted: 'Jinx' },
    ]);
  });

  it('compares named bans only: a ban Riot could not name is not a difference, a drafted ban not made is', () => {
    const mismatches = checkDraft({
      turns: turns('red', [], ['Zed', null, 'Ahri']),
      teams: [{ side: 'blue', bans: [null, 'Zed'] }],
      participants: [],
      teamOneSide: 'red',
    });
    expect(mismatches).toEqual([{ action: 'ban', side: 'blue', played: null, drafted: 'Ahri' }]);
  });
});
