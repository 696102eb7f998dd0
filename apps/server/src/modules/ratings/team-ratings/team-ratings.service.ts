import type { TeamName } from '@scrim-gym/shared';
import type { Database, DbOrTx, Transaction } from '../../../db/client.js';
import { currentRatingsOf } from '../player-ratings/player-ratings.service.js';
import {
  displayRating,
  isProvisional,
  rateGame,
  replayRatings,
  seedTeamRating,
  winnerSide,
  type GameResult,
  type Rating,
} from '../ratings.model.js';
import { lockSeason } from '../seasons/seasons.lock.js';
import type { SeasonRow } from '../seasons/seasons.repository.js';
import {
  deleteTeamRatedGame,
  deleteTeamRatings,
  findCurrentTeamRatings,
  findGameHistory,
  findRosterPlayers,
  findSeriesGameForRating,
  findTeamHistoryFrom,
  findTeamRatedGame,
  findTeamRatingRows,
  findTeamRegions,
  findTeamSeasonTotals,
  findTeamStatesBefore,
  insertTeamHistory,
  insertTeamRatedGame,
  updateTeamHistories,
  updateTeamWinner,
  upsertTeamRatings,
  type TeamHistoryRow,
  type TeamRatedGameRow,
} from './team-ratings.repository.js';

/** A series game as it should be rated: its winner and its two teams (teamOne is the blue team). */
interface DesiredGame {
  teamWon: TeamName;
  teamIds: Record<TeamName, string>;
}

/**
 * Makes the team ratings agree with a series game's result, idempotently. Desired state: rated with its winner
 * when the scrim is a series game with a confirmed result between two teams that still exist on its row, else
 * not rated. Already so: nothing changes (and a scrim that is no series game and was never rated takes no lock).
 * A new confirmed result is appended (the next `seq`); a changed winner is rewritten in place and the season's
 * later team games are replayed from it; a result no longer confirmed (or a game no longer a series game) is
 * reversed and the later games replayed. Every write takes the current season's lock first, as the players'
 * ratings do, so one game is rated exactly once across instances. A game rated in a season that has ended stays
 * as it was. Series games are private scrims, which the players' rules never rate: a team game moves team
 * ratings only. Call it after the scrim's change has committed, never under a scrim's lock (the season's lock
 * must not be waited for inside it). Returns whether any rating changed.
 */
export async function syncSeriesGameRating({ db, scrimId }: { db: Database; scrimId: string }): Promise<boolean> {
  // Outside any transaction: a scrim that is no series game and was never rated costs two key reads, no lock.
  const [game, rated] = await Promise.all([
    findSeriesGameForRating({ db, scrimId }),
    findTeamRatedGame({ db, scrimId }),
  ]);
  if (!game && !rated) return false;
  return db.transaction(async (tx) => {
    const season = await lockSeason(tx);
    // Read again under the lock: the result may have changed while this waited.
    return reconcileTeamGame(tx, season, scrimId, desiredGame(await findSeriesGameForRating({ db: tx, scrimId })));
  });
}

/**
 * A series game's scrim about to be deleted (inside the deletion's transaction, under the season's lock): its
 * rated game is reversed and the later ones replayed, before the cascade would drop it without a replay.
 */
export async function unrateTeamGame(tx: Transaction, season: SeasonRow, scrimId: string) {
  await reconcileTeamGame(tx, season, scrimId, null);
}

function desiredGame(game: Awaited<ReturnType<typeof findSeriesGameForRating>>): DesiredGame | null {
  if (!game?.teamWon || game.resultStatus !== 'confirmed') return null;
  const { blueTeamId, redTeamId } = game;
  // A deleted team leaves its place empty: a game against nobody moves no rating.
  if (!blueTeamId || !redTeamId || blueTeamId === redTeamId) return null;
  return { teamWon: game.teamWon, teamIds: { teamOne: blueTeamId, teamTwo: redTeamId } };
}

async function reconcileTeamGame(tx: Transaction, season: SeasonRow, scrimId: string, desired: DesiredGame | null) {
  const rated = await findTeamRatedGame({ db: tx, scrimId });
  if (!rated && !desired) return false;
  if (rated) {
    const history = await findGameHistory({ db: tx, scrimId });
    const sameTeams =
      desired !== null && history.every((row) => desired.teamIds[row.team] === row.teamId) && history.length === 2;
    if (sameTeams && rated.teamWon === desired.teamWon) return false;
    // A season's ratings are final once the next one has started.
    if (rated.seasonId !== season.id) return false;
    if (sameTeams) {
      await updateTeamWinner({ db: tx, scrimId, teamWon: desired.teamWon });
      await replayFrom(tx, season.id, rated.seq, new Map(), []);
      return true;
    }
    await reverseTeamGame(tx, rated, history);
  }
  if (desired) await appendTeamGame(tx, season.id, scrimId, desired);
  return true;
}

/** Each team's rating in the season: the stored one, else the seed of its roster's current ratings. */
async function ratingsForGame(tx: Transaction, seasonId: number, teamIds: string[]) {
  const stored = new Map((await findTeamRatingRows({ db: tx, seasonId, teamIds })).map((row) => [row.teamId, row]));
  const seeds = await seedsOf(
    tx,
    teamIds.filter((id) => !stored.has(id)),
  );
  return { stored, before: new Map(teamIds.map((id) => [id, stored.get(id) ?? seeds.get(id)!])) };
}

/** The seed of each team: seedTeamRating of its players' (not its coaches') current ratings. */
async function seedsOf(db: DbOrTx, teamIds: string[]): Promise<Map<string, Rating>> {
  const players = await findRosterPlayers({ db, teamIds });
  const ratings = await currentRatingsOf({ db, players });
  const byTeam = new Map<string, Rating[]>(teamIds.map((id) => [id, []]));
  players.forEach((player, i) => byTeam.get(player.teamId)!.push(ratings[i]!));
  return new Map([...byTeam].map(([id, list]) => [id, seedTeamRating(list)]));
}

async function appendTeamGame(tx: Transaction, seasonId: number, scrimId: string, desired: DesiredGame) {
  const sides = ['teamOne', 'teamTwo'] as const;
  const teamIds = sides.map((side) => desired.teamIds[side]);
  const { stored, before } = await ratingsForGame(tx, seasonId, teamIds);
  const entry = (side: TeamName) => [{ userId: desired.teamIds[side], rating: before.get(desired.teamIds[side])! }];
  const after = rateGame({ blue: entry('teamOne'), red: entry('teamTwo'), winner: winnerSide(desired.teamWon) });
  const game = await insertTeamRatedGame({ db: tx, scrimId, seasonId, teamWon: desired.teamWon });
  await insertTeamHistory({
    db: tx,
    rows: sides.map((side) => {
      const teamId = desired.teamIds[side];
      const from = before.get(teamId)!;
      const to = after.get(teamId)!;
      return {
        scrimId,
        team: side,
        teamId,
        seasonId,
        seq: game.seq,
        won: side === desired.teamWon,
        muBefore: from.mu,
        sigmaBefore: from.sigma,
        muAfter: to.mu,
        sigmaAfter: to.sigma,
        ratingBefore: displayRating(from),
        ratingAfter: displayRating(to),
      };
    }),
  });
  const regions = await findTeamRegions({ db: tx, teamIds });
  await upsertTeamRatings({
    db: tx,
    rows: sides
      .filter((side) => regions.has(desired.teamIds[side]))
      .map((side) => {
        const teamId = desired.teamIds[side];
        const rating = after.get(teamId)!;
        const row = stored.get(teamId);
        const won = side === desired.teamWon;
        return {
          seasonId,
          teamId,
          region: regions.get(teamId)!,
          ...rating,
          rating: displayRating(rating),
          games: (row?.games ?? 0) + 1,
          wins: (row?.wins ?? 0) + (won ? 1 : 0),
          losses: (row?.losses ?? 0) + (won ? 0 : 1),
        };
      }),
  });
}

/**
 * Reverses a rated game: it goes (its history with it) and the season's later team games are replayed without
 * it. A team whose first game of the season it was keeps its `before` as its seed, since its next history row
 * still counts the reversed game until the replay rewrites it.
 */
async function reverseTeamGame(tx: Transaction, rated: TeamRatedGameRow, history: TeamHistoryRow[]) {
  const teamIds = history.map((row) => row.teamId);
  const earlier = await findTeamStatesBefore({ db: tx, seasonId: rated.seasonId, teamIds, seq: rated.seq });
  const seeds = new Map(
    history
      .filter((row) => !earlier.has(row.teamId))
      .map((row) => [row.teamId, { mu: row.muBefore, sigma: row.sigmaBefore }]),
  );
  await deleteTeamRatedGame({ db: tx, scrimId: rated.scrimId });
  await replayFrom(tx, rated.seasonId, rated.seq, seeds, teamIds);
}

/**
 * Replays every team game of the season from `seq` on, in order: a team starts from its rating after its last
 * game before `seq`, else its seed in `seeds`, else the `before` of its first game replayed (its seed). Team games
 * are few (a handful a series), so the replay runs at once, in the change's transaction. Then every team
 * replayed, and those of `recount`, get their games, wins, losses and rating recounted from the history; a team
 * left with no game of the season loses its row (it shows its roster's seed again).
 */
async function replayFrom(
  tx: Transaction,
  seasonId: number,
  seq: number,
  seeds: ReadonlyMap<string, Rating>,
  recount: string[],
) {
  const history = await findTeamHistoryFrom({ db: tx, seasonId, seq });
  const teamIds = [...new Set(history.map((row) => row.teamId))];
  const before = await findTeamStatesBefore({ db: tx, seasonId, teamIds, seq });
  const states = new Map<string, Rating>();
  for (const row of history) {
    if (!states.has(row.teamId))
      states.set(
        row.teamId,
        before.get(row.teamId) ?? seeds.get(row.teamId) ?? { mu: row.muBefore, sigma: row.sigmaBefore },
      );
  }
  const games = gamesOf(history);
  const replayed = replayRatings(
    states,
    games.map((g) => g.game),
  );
  await updateTeamHistories({
    db: tx,
    rows: games.flatMap(({ rows }, i) => {
      const changes = new Map(replayed.changes[i]!.map((c) => [c.userId, c]));
      return rows.map((row) => {
        const { before: from, after: to } = changes.get(row.teamId)!;
        return {
          scrimId: row.scrimId,
          team: row.team,
          muBefore: from.mu,
          sigmaBefore: from.sigma,
          muAfter: to.mu,
          sigmaAfter: to.sigma,
          ratingBefore: displayRating(from),
          ratingAfter: displayRating(to),
        };
      });
    }),
  });
  await recountTeams(tx, seasonId, [...new Set([...teamIds, ...recount])]);
}

async function recountTeams(tx: Transaction, seasonId: number, teamIds: string[]) {
  const totals = await findTeamSeasonTotals({ db: tx, seasonId, teamIds });
  await deleteTeamRatings({ db: tx, seasonId, teamIds: teamIds.filter((id) => !totals.has(id)) });
  const regions = await findTeamRegions({ db: tx, teamIds: [...totals.keys()] });
  await upsertTeamRatings({
    db: tx,
    rows: [...totals]
      .filter(([teamId]) => regions.has(teamId))
      .map(([teamId, total]) => ({
        seasonId,
        teamId,
        region: regions.get(teamId)!,
        mu: total.mu,
        sigma: total.sigma,
        rating: displayRating(total),
        games: total.games,
        wins: total.wins,
        losses: total.games - total.wins,
      })),
  });
}

/** History rows (in `seq` order, teamOne first) grouped back into their games, each with its winner. */
function gamesOf(rows: TeamHistoryRow[]) {
  const games: { rows: TeamHistoryRow[]; game: GameResult }[] = [];
  for (const row of rows) {
    const last = games.at(-1);
    if (last && last.rows[0]!.scrimId === row.scrimId) last.rows.push(row);
    else games.push({ rows: [row], game: { blue: [], red: [], winner: 'blue' } });
  }
  for (const entry of games) {
    entry.game = {
      blue: entry.rows.filter((r) => r.team === 'teamOne').map((r) => r.teamId),
      red: entry.rows.filter((r) => r.team === 'teamTwo').map((r) => r.teamId),
      winner: winnerSide(entry.rows.find((r) => r.won)!.team),
    };
  }
  return games;
}

/** A team's rating as the teams module shows it: its stored rating this season, or null (its seed applies). */
export interface TeamStanding {
  rating: Rating;
  games: number;
  wins: number;
  losses: number;
  provisional: boolean;
}

/**
 * The current season's standing of each of `teamIds` that has played a rated series game this season, in one
 * read; a team missing from the map shows the seed of its roster (teamSeedsOf). Provisional as a player is:
 * fewer than PROVISIONAL_GAMES rated games.
 */
export async function currentTeamRatingsOf({
  db,
  teamIds,
}: {
  db: DbOrTx;
  teamIds: readonly string[];
}): Promise<Map<string, TeamStanding>> {
  const rows = await findCurrentTeamRatings({ db, teamIds: [...new Set(teamIds)] });
  return new Map(
    rows.map((row) => [
      row.teamId,
      {
        rating: { mu: row.mu, sigma: row.sigma },
        games: row.games,
        wins: row.wins,
        losses: row.losses,
        provisional: isProvisional(row.games),
      },
    ]),
  );
}
