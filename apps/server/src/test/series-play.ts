import { eq } from 'drizzle-orm';
import type { Series, SeriesFormat } from '@scrim-gym/shared';
import type { TestContext } from './app.js';
import { scrims } from '../db/schema/index.js';
import { boardApi, lineupOf, seriesFixtures } from './board-api.js';
import type { TestUser } from './factories.js';
import { scrimApi } from './scrim-api.js';
import { callApi, expectStatus } from './social.js';
import { teamApi } from './team-api.js';

const MINUTE = 60_000;

/** Playing series through the API: booked, lineups set, games started and won by an admin's result. */
export function seriesPlay({ ctx, admin }: { ctx: TestContext; admin: TestUser }) {
  const db = ctx.database.db;
  const board = boardApi(callApi(ctx.app));
  const scrimsApi = scrimApi(ctx.app);
  const fixtures = () => seriesFixtures({ db, board, teams: teamApi(callApi(ctx.app)) });

  /** A series game's scrim moved to a minute ago, so that it has started. */
  const startGame = (scrimId: string) =>
    db
      .update(scrims)
      .set({ gameStartTime: new Date(Date.now() - MINUTE) })
      .where(eq(scrims.id, scrimId));

  return {
    fixtures,
    startGame,
    /** A booked series of `format` with both lineups set, its game 1 started a minute ago. */
    async startedSeries(format: SeriesFormat = 'bo3') {
      const booked = await fixtures().bookedSeries({ format });
      const { poster, asker } = booked;
      await board.lineupOk(booked.series._id, poster.captain, lineupOf(poster.id, poster.players));
      await board.lineupOk(booked.series._id, asker.captain, lineupOf(asker.id, asker.players));
      await startGame(booked.series.games[0]!.scrimId);
      return booked;
    },
    /** An admin confirms the game's winner; the series' jobs run. */
    async win(s: Series, number: number, teamId: string) {
      const game = s.games.find((g) => g.number === number)!;
      await startGame(game.scrimId);
      expectStatus(
        await scrimsApi.setWinner(game.scrimId, game.blueTeamId === teamId ? 'teamOne' : 'teamTwo', admin.token),
        200,
      );
      await ctx.app.jobs.runOnce();
    },
  };
}
