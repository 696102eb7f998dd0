import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamName } from '@scrim-gym/shared';
import { playerRatings, ratedResults, ratingHistory, riotTournaments, scrims } from '../../../db/schema/index.js';
import { bearer, createAdmin, type TestUser } from '../../../test/factories.js';
import { startFakeRiot, type FakeRiot, riotEnvFor } from '../../../test/fake-riot.js';
import { startTwoInstances, type Instances } from '../../../test/instances.js';
import { ALL_SLOTS, createScrim, fillScrim } from '../../../test/scrim-factories.js';
import { rateGame, seedRating } from '../../ratings/index.js';
import { scheduleScrimStart } from '../core/scrims.schedule.js';

/**
 * Riot's game-end callback on one instance racing a captain's or an admin's report on the other, on one
 * database: the result is rated exactly once, with Riot's winner (Riot overrides both). On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own pool and the requests really run at once; on PGlite they
 * interleave one query at a time.
 */
let fake: FakeRiot;
let instances: Instances;
let admin: TestUser;

beforeAll(async () => {
  fake = await startFakeRiot();
  instances = await startTwoInstances({
    env: riotEnvFor(fake),
  });
  admin = await createAdmin({ db: instances.db });
});
afterAll(async () => {
  await instances.close();
  await fake.close();
});

const db = () => instances.db;

/** A full scrim that started a minute ago, whose players Riot knows, with its tournament code. */
async function startedWithCode() {
  const scrim = await createScrim({ db: db(), gameStartTime: new Date(Date.now() - 60_000) });
  const { players, host } = await fillScrim({ db: db(), scrim, hostIndex: 0 });
  const puuids = players.map(
    (p) => fake.addPlayer({ gameName: p.name, tagLine: p.summonerTagline, platform: 'na1' }).puuid,
  );
  await scheduleScrimStart({ db: db(), scrimId: scrim.id, gameStartTime: scrim.gameStartTime });
  await instances.first.app.jobs.runOnce();
  const [row] = await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrim.id));
  const code = row!.tournamentCode!;
  const side = (team: TeamName) => puuids.filter((_, i) => ALL_SLOTS[i]!.team === team);
  return { scrim, players, host: host!, code, side };
}

async function riotCallback(code: string, winner: TeamName, side: (team: TeamName) => string[]) {
  const loser: TeamName = winner === 'teamOne' ? 'teamTwo' : 'teamOne';
  const { game, payload } = await fake.finishGame({
    code,
    winningTeam: side(winner),
    losingTeam: side(loser),
    deliver: false,
  });
  const path = new URL(fake.providers.get(fake.codes.get(game.shortCode)!.providerId)!.url).pathname;
  return () => instances.first.app.inject({ method: 'POST', url: path, payload });
}

const report = (scrimId: string, token: string, winnerTeamName: TeamName) => () =>
  instances.second.app.inject({
    method: 'PATCH',
    url: `/api/scrims/${scrimId}/set-winner`,
    headers: bearer(token),
    payload: { winnerTeamName },
  });

/** Rated once with `winner`: one result row, ten history rows, each player one game from their seed. */
async function expectRatedOnce(scrimId: string, players: TestUser[], winner: TeamName) {
  const [row] = await db().select().from(scrims).where(eq(scrims.id, scrimId));
  expect(row).toMatchObject({ teamWon: winner, resultStatus: 'confirmed', resultSource: 'riot' });
  const rated = await db().select().from(ratedResults).where(eq(ratedResults.scrimId, scrimId));
  expect(rated).toHaveLength(1);
  expect(rated[0]!.teamWon).toBe(winner);
  expect(await db().select().from(ratingHistory).where(eq(ratingHistory.scrimId, scrimId))).toHaveLength(10);
  const side = (team: TeamName) =>
    players.filter((_, i) => ALL_SLOTS[i]!.team === team).map((p) => ({ userId: p.id, rating: seedRating(p.rank) }));
  const expected = rateGame({
    blue: side('teamOne'),
    red: side('teamTwo'),
    winner: winner === 'teamOne' ? 'blue' : 'red',
  });
  for (const [i, player] of players.entries()) {
    const [stored] = await db().select().from(playerRatings).where(eq(playerRatings.userId, player.id));
    expect(stored).toMatchObject({
      ...expected.get(player.id),
      gamesRated: 1,
      wins: ALL_SLOTS[i]!.team === winner ? 1 : 0,
    });
  }
}

describe('Riot callback racing a report on two instances', () => {
  for (const { who, same } of [
    { who: 'admin', same: true },
    { who: 'admin', same: false },
    { who: 'captain', same: true },
    { who: 'captain', same: false },
  ] as const) {
    it(`${who} reporting ${same ? "Riot's" : 'the other'} winner: rated once, with Riot's winner`, async () => {
      const { scrim, players, host, code, side } = await startedWithCode();
      const riotWinner: TeamName = 'teamTwo';
      const reported: TeamName = same ? riotWinner : 'teamOne';
      const callback = await riotCallback(code, riotWinner, side);
      if (who === 'admin') {
        const [riot, manual] = await Promise.all([callback(), report(scrim.id, admin.token, reported)()]);
        expect(riot.statusCode, riot.body).toBe(200);
        expect(['recorded', 'already_set']).toContain(riot.json().outcome);
        // The admin's result lands first (then Riot's overrides it) or finds Riot's confirmed (409).
        expect([200, 409]).toContain(manual.statusCode);
      } else {
        // The captain's report is pending; the other team's confirmation (which rates it) races Riot.
        expect((await report(scrim.id, host.token, reported)()).statusCode).toBe(200);
        const confirm = () =>
          instances.second.app.inject({
            method: 'POST',
            url: `/api/scrims/${scrim.id}/confirm-result`,
            headers: bearer(players[7]!.token),
          });
        const [riot, confirmed] = await Promise.all([callback(), confirm()]);
        expect(riot.json()).toEqual({ outcome: 'recorded' });
        expect([200, 409]).toContain(confirmed.statusCode);
      }
      await expectRatedOnce(scrim.id, players, riotWinner);
    });
  }
});
