import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, DRAFT_ORDER, type Series } from '@scrim-gym/shared';
import { matchParticipants } from '../../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { boardApi, lineupOf } from '../../../test/board-api.js';
import { CHAMPION_IDS, draftApi, setDraftMode } from '../../../test/draft-api.js';
import { createAdmin, type TestUser } from '../../../test/factories.js';
import { startFakeRiot } from '../../../test/fake-riot.js';
import { storeFakeMatch, strangers } from '../../../test/match-factories.js';
import { expectError } from '../../../test/scrim-api.js';
import { seriesPlay } from '../../../test/series-play.js';
import { callApi, expectStatus } from '../../../test/social.js';

/**
 * A series game's draft: its teams' captains draft (the owner by default, or a starter a captain names), and a
 * fearless series takes every champion an earlier game picked, or played per Riot's match, out of the later games.
 */
const riot = await startFakeRiot();
let ctx: TestContext;
let admin: TestUser;
let play: ReturnType<typeof seriesPlay>;
let board: ReturnType<typeof boardApi>;
let api: ReturnType<typeof draftApi>;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp({ DDRAGON_BASE_URL: riot.url });
  admin = await createAdmin({ db: db() });
  play = seriesPlay({ ctx, admin });
  board = boardApi(callApi(ctx.app));
  api = draftApi(callApi(ctx.app));
});
afterAll(async () => {
  await ctx?.close();
  await riot.close();
});

type Team = Awaited<ReturnType<ReturnType<ReturnType<typeof seriesPlay>['fixtures']>['newTeam']>>;

/** A fearless series of `format` booked on the board, both lineups set (each team's first five), game 1 started. */
async function fearlessSeries(format: 'bo3' | 'bo5', lineups?: { poster: TestUser[]; asker: TestUser[] }) {
  const booked = await play.fixtures().bookedSeries({ format, fearless: true, draft: 'fearless' });
  const { poster, asker, series } = booked;
  await board.lineupOk(series._id, poster.captain, lineupOf(poster.id, lineups?.poster ?? poster.players));
  await board.lineupOk(series._id, asker.captain, lineupOf(asker.id, lineups?.asker ?? asker.players));
  await play.startGame(series.games[0]!.scrimId);
  return booked;
}

/** A game's sides: the team on blue and the team on red. */
function sidesOf(series: Series, number: number, teams: Team[]) {
  const game = series.games.find((g) => g.number === number)!;
  const team = (id: string | null) => teams.find((t) => t.id === id)!;
  return { game, blue: team(game.blueTeamId), red: team(game.redTeamId) };
}

describe('a series game drafts fearless', () => {
  it('across a Bo5: each game loses every champion picked (or played) in the games before it, never the bans', async () => {
    const { poster, asker, series: booked } = await fearlessSeries('bo5');
    let series = booked;
    const picked: string[] = [];
    for (const number of [1, 2, 3, 4, 5]) {
      const { game, blue, red } = sidesOf(series, number, [poster, asker]);
      // The series' draft setting reaches its games through the settings' own change; here it is set directly.
      await setDraftMode(db(), game.scrimId, 'fearless');
      const drafters = { blue: blue.captain, red: red.captain };
      const before = await api.getOk(game.scrimId, blue.captain);
      expect(before).toMatchObject({ mode: 'fearless', status: 'waiting' });
      // The team owners draft by default.
      expect(before.drafters).toEqual({ blue: blue.captain.id, red: red.captain.id });
      expect(before.unavailable).toEqual([...new Set(picked)].sort());

      await api.readyOk(game.scrimId, drafters.blue, 'blue');
      await api.readyOk(game.scrimId, drafters.red, 'red');
      if (picked.length > 0) {
        // Taken out for both teams, as a ban, a pick and a hover.
        expectError(
          await api.lock(game.scrimId, drafters.blue, picked[0]!),
          409,
          'CHAMPION_UNAVAILABLE',
          DRAFT_MESSAGES.championUnavailable,
        );
        expectError(await api.hover(game.scrimId, red.players[2]!, picked.at(-1)!), 409, 'CHAMPION_UNAVAILABLE');
      }
      // The free pool in order: game 1's bans come back first in game 2 (bans do not carry).
      const pool = CHAMPION_IDS.filter((id) => !picked.includes(id));
      for (const [index, turn] of DRAFT_ORDER.entries()) {
        await api.lockOk(game.scrimId, drafters[turn.side], pool[index]!);
        if (turn.action === 'pick') picked.push(pool[index]!);
      }
      expect((await api.getOk(game.scrimId, red.captain)).status).toBe('done');

      if (number === 1) {
        // Riot's match of game 1: what its players actually played is out of the later games too.
        await storeFakeMatch({
          db: db(),
          scrim: { id: game.scrimId },
          blue: strangers('g1b', 5),
          red: strangers('g1r', 5),
        });
        const played = await db()
          .select({ champion: matchParticipants.champion })
          .from(matchParticipants)
          .where(eq(matchParticipants.scrimId, game.scrimId));
        picked.push(...played.map((p) => p.champion));
      }
      if (number < 5) {
        // The teams trade wins, so that the series goes the distance.
        await play.win(series, number, number % 2 === 1 ? poster.id : asker.id);
        series = await board.seriesOk(series._id, poster.captain);
      }
    }
    expect(series.games).toHaveLength(5);
    expect(new Set(picked).size).toBeGreaterThanOrEqual(40);
  });

  it("a captain drafts even outside the lineup, and names a starter of the side; the other team's captain may not", async () => {
    const booked = await play.fixtures().bookedSeries({ format: 'bo1', fearless: false });
    const { poster, asker, series } = booked;
    // The asker's captain is not a starter: the five after them play.
    await board.lineupOk(series._id, poster.captain, lineupOf(poster.id, poster.players));
    await board.lineupOk(series._id, asker.captain, lineupOf(asker.id, asker.players.slice(1, 6)));
    await play.startGame(series.games[0]!.scrimId);
    const { game, blue } = sidesOf(series, 1, [poster, asker]);
    await setDraftMode(db(), game.scrimId, 'tournament');
    const askerSide = blue.id === asker.id ? 'blue' : 'red';
    const posterSide = askerSide === 'blue' ? 'red' : 'blue';

    // A starter is named by their own captain; the other team's captain and a starter may not name anyone.
    expectError(await api.drafter(game.scrimId, poster.captain, askerSide, asker.players[2]!.id), 403, 'NOT_CAPTAIN');
    expectError(await api.drafter(game.scrimId, asker.players[2], askerSide, asker.players[2]!.id), 403, 'NOT_CAPTAIN');
    // A substitute of the team is not on the side.
    expectError(await api.drafter(game.scrimId, asker.captain, askerSide, asker.players[7]!.id), 409, 'NOT_ON_SIDE');
    const named = expectStatus<{ drafters: Record<string, string> }>(
      await api.drafter(game.scrimId, asker.captain, askerSide, asker.players[3]!.id),
      200,
    );
    expect(named.drafters[askerSide]).toBe(asker.players[3]!.id);
    // Another starter is neither drafter nor captain.
    expectError(await api.ready(game.scrimId, asker.players[2], askerSide), 403, 'NOT_DRAFTER');

    // The captain, out of the lineup, still readies and drafts for the side; so does the named starter.
    await api.readyOk(game.scrimId, asker.captain, askerSide);
    await api.readyOk(game.scrimId, poster.captain, posterSide);
    const drafters = { [askerSide]: asker.captain, [posterSide]: poster.captain } as Record<'blue' | 'red', TestUser>;
    const first = DRAFT_ORDER[0]!.side;
    const state = await api.lockOk(
      game.scrimId,
      first === askerSide ? asker.players[3]! : drafters[first],
      CHAMPION_IDS[0]!,
    );
    expect(state.turn!.index).toBe(1);
    await api.lockOk(game.scrimId, drafters[DRAFT_ORDER[1]!.side], CHAMPION_IDS[1]!);
    // Hovers: the captain out of the lineup belongs to the side and sees its suggestions.
    const hovered = await api.hoverOk(game.scrimId, asker.players[4]!, CHAMPION_IDS[5]!);
    expect((await api.getOk(game.scrimId, asker.captain)).hovers).toEqual(hovered.hovers);
    expect((await api.getOk(game.scrimId, poster.captain)).hovers).toEqual({});
  });
});
