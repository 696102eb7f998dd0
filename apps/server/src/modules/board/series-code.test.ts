import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riotTournaments, scrims } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { boardApi, lineupOf, seriesFixtures } from '../../test/board-api.js';
import { startFakeRiot, type FakeRiot, riotEnvFor } from '../../test/fake-riot.js';
import { callApi } from '../../test/social.js';
import { teamApi } from '../../test/team-api.js';
import { scheduleScrimStart } from '../scrims/index.js';

/**
 * A series game's Riot tournament code admits both lineups, starters and subs: a substitution after the code is made
 * must not lock the sub out of the lobby.
 */
let ctx: TestContext;
let fake: FakeRiot;
let api: ReturnType<typeof boardApi>;
const db = () => ctx.database.db;
const MINUTE = 60_000;

beforeAll(async () => {
  fake = await startFakeRiot();
  ctx = await createTestApp({
    ...riotEnvFor(fake),
  });
  api = boardApi(callApi(ctx.app));
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** A booked series, both lineups with three subs, game 1 started after its start job ran: its code. */
async function startedGameOne({ unknownSub = false } = {}) {
  const { poster, asker, series } = await seriesFixtures({
    db: db(),
    board: api,
    teams: teamApi(callApi(ctx.app)),
  }).bookedSeries();
  for (const team of [poster, asker])
    await api.lineupOk(series._id, team.captain, lineupOf(team.id, team.players, team.players.slice(5)));
  const everyone = [...poster.players, ...asker.players];
  const puuids = new Map(
    everyone.map((player) => [
      player.id,
      unknownSub && player === asker.players[7]
        ? null
        : fake.addPlayer({ gameName: player.name, tagLine: player.summonerTagline, platform: 'na1' }).puuid,
    ]),
  );
  const scrimId = series.games[0]!.scrimId;
  const gameStartTime = new Date(Date.now() - MINUTE);
  await db().update(scrims).set({ gameStartTime }).where(eq(scrims.id, scrimId));
  await scheduleScrimStart({ db: db(), scrimId, gameStartTime });
  await ctx.app.jobs.runOnce();
  const [row] = await db().select().from(riotTournaments).where(eq(riotTournaments.scrimId, scrimId));
  expect(row?.tournamentCode).toBeTruthy();
  return { poster, asker, puuids, allowed: fake.codes.get(row!.tournamentCode!)!.allowedParticipants };
}

describe("a series game's tournament code", () => {
  it("allows both lineups' starters and subs, and nobody else", async () => {
    const { poster, asker, puuids, allowed } = await startedGameOne();
    expect(allowed).toHaveLength(16);
    expect(new Set(allowed)).toEqual(new Set(puuids.values()));
    for (const sub of [...poster.players.slice(5), ...asker.players.slice(5)])
      expect(allowed).toContain(puuids.get(sub.id));
  });

  it('stays open to whoever has it when a sub is unknown to Riot (nobody is locked out)', async () => {
    const { allowed } = await startedGameOne({ unknownSub: true });
    expect(allowed).toEqual([]);
  });
});
