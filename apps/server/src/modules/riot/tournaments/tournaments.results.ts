import { z } from 'zod';
import type { TeamName } from '@scrim-gym/shared';
import { cancelJob, PermanentJobError, type ClaimedJob, type JobRunner } from '../../../jobs/index.js';
import { notFound } from '../../../lib/errors.js';
import { secretsEqual } from '../../../lib/tokens.js';
import { isRiotError, type RiotTournamentGame } from '../client/index.js';
import { getScrimAggregate, recordGameWinner } from '../../scrims/index.js';
import { requestMatchFetch } from '../matches/matches.schedule.js';
import {
  findPlayerAccounts,
  findProviderSecrets,
  findTournamentByCode,
  recordTournamentError,
  type PlayerAccount,
} from './tournaments.repository.js';
import {
  RESULT_POLL_INTERVAL_MS,
  RESULT_POLL_WINDOW_MS,
  resultPollKey,
  scheduleResultPoll,
} from './tournaments.schedule.js';
import { emitTournamentError, type TournamentDeps } from './tournaments.service.js';

export const RESULT_UNMATCHED_MESSAGE = "The game's players do not match this scrim's teams: report the winner by hand";

export type GameTeams = Pick<RiotTournamentGame, 'winningTeam' | 'losingTeam'>;
export type ResultOutcome = 'recorded' | 'already_set' | 'unmatched' | 'awaiting_result';

const teamSchema = z.array(z.object({ puuid: z.string().max(100) }).loose()).max(20);

/**
 * Riot's game-end callback (tournament-v5): the code, its metadata and the teams' PUUIDs. Older payloads and
 * the stub may lack the teams; then the result is fetched from games/by-code instead.
 */
export const gameCallbackBodySchema = z
  .object({
    shortCode: z.string().min(1).max(200),
    metaData: z.string().max(1000).optional(),
    gameId: z.number().optional(),
    winningTeam: teamSchema.optional(),
    losingTeam: teamSchema.optional(),
  })
  .loose();
export type GameCallbackBody = z.infer<typeof gameCallbackBodySchema>;

/**
 * Which side won. Each player with a known PUUID votes for their side: +1 when found in the game's winning team,
 * -1 in its losing team (a substitute or a stale PUUID simply does not vote). A tie, or nobody known, decides
 * nothing: the result is left to the captain's report.
 */
export function decideWinner(players: Pick<PlayerAccount, 'team' | 'riotPuuid'>[], game: GameTeams): TeamName | null {
  const winners = new Set(game.winningTeam.map((member) => member.puuid));
  const losers = new Set(game.losingTeam.map((member) => member.puuid));
  let teamOneLead = 0;
  for (const { team, riotPuuid } of players) {
    if (!riotPuuid) continue;
    const vote = winners.has(riotPuuid) ? 1 : losers.has(riotPuuid) ? -1 : 0;
    teamOneLead += team === 'teamOne' ? vote : -vote;
  }
  if (teamOneLead === 0) return null;
  return teamOneLead > 0 ? 'teamOne' : 'teamTwo';
}

const hasTeams = (game: Partial<GameTeams>): game is GameTeams =>
  Boolean(game.winningTeam?.length && game.losingTeam?.length);

/**
 * Sets the scrim's winner from a finished game, through the same locked change as a captain's report (so the
 * scrim is published live). It overrides a captain's or an admin's result; a result from Riot already set stays. Unmatched teams are stored as the code's lastError and
 * sent as 'tournamentError' (the admins see why no winner was set).
 * Whatever the outcome, the game WAS played with the scrim's code: its match is to be fetched from match-v5
 * (requestMatchFetch: one job per scrim, a duplicate callback or the poll after the callback changes nothing).
 */
export async function applyGameResult({
  deps,
  scrimId,
  game,
}: {
  deps: TournamentDeps & { jobs?: JobRunner };
  scrimId: string;
  game: GameTeams;
}): Promise<ResultOutcome> {
  const outcome = await recordGameResult({ deps, scrimId, game });
  await requestMatchFetch({ deps, scrimId });
  return outcome;
}

async function recordGameResult({
  deps,
  scrimId,
  game,
}: {
  deps: TournamentDeps;
  scrimId: string;
  game: GameTeams;
}): Promise<Exclude<ResultOutcome, 'awaiting_result'>> {
  const team = decideWinner(await findPlayerAccounts({ db: deps.db, scrimId }), game);
  if (!team) {
    await recordTournamentError({ db: deps.db, scrimId, lastError: RESULT_UNMATCHED_MESSAGE });
    emitTournamentError(deps.io, scrimId, RESULT_UNMATCHED_MESSAGE);
    return 'unmatched';
  }
  const recorded = await recordGameWinner({
    deps: deps.scrims,
    scrimId,
    team,
  });
  await cancelJob({ db: deps.db, dedupeKey: resultPollKey(scrimId) });
  return recorded ? 'recorded' : 'already_set';
}

/** The newest game of the code that has its teams, from games/by-code. */
async function fetchFinishedGame(deps: TournamentDeps, code: string) {
  const games = await deps.riot.getGamesByCode(code);
  return games.findLast(hasTeams) ?? null;
}

const unknownCallback = () => notFound('Not found', 'NOT_FOUND');

/**
 * `POST /api/riot/callback/:secret`: Riot's game-end POST. The secret in the URL (32 random bytes, one per
 * region's provider, compared in constant time) authenticates Riot; the code must belong to that provider and
 * the metadata, when present, to the same scrim. Anything else is a 404 that changes nothing. A payload without
 * teams is completed from games/by-code; when Riot cannot tell yet, the poll job (already scheduled) goes on.
 */
export async function receiveGameCallback({
  deps,
  secret,
  body,
}: {
  deps: TournamentDeps;
  secret: string;
  body: GameCallbackBody;
}): Promise<ResultOutcome> {
  const providers = await findProviderSecrets({ db: deps.db });
  const provider = providers.find((candidate) => secretsEqual(candidate.secret, secret));
  if (!provider) throw unknownCallback();
  const tournament = await findTournamentByCode({ db: deps.db, code: body.shortCode });
  if (!tournament || tournament.providerId !== provider.providerId) throw unknownCallback();
  if (body.metaData && scrimIdOfMetadata(body.metaData) !== tournament.scrimId) throw unknownCallback();

  const scrimId = tournament.scrimId;
  if (hasTeams(body)) return applyGameResult({ deps, scrimId, game: body });
  try {
    const game = await fetchFinishedGame(deps, body.shortCode);
    if (game) return applyGameResult({ deps, scrimId, game });
  } catch (error) {
    if (!isRiotError(error)) throw error;
  }
  await scheduleResultPoll({ db: deps.db, scrimId, runAt: new Date(Date.now() + RESULT_POLL_INTERVAL_MS) });
  return 'awaiting_result';
}

/** The scrim id in a code's metadata ('{"scrimId": …}'), or null for anything else. */
function scrimIdOfMetadata(metaData: string): string | null {
  try {
    const parsed: unknown = JSON.parse(metaData);
    const { scrimId } = (parsed ?? {}) as { scrimId?: unknown };
    return typeof scrimId === 'string' ? scrimId : null;
  } catch {
    return null;
  }
}

/**
 * 'scrim.result-poll': the fallback for a lost callback. Asks games/by-code for the scrim's code; a finished
 * game sets the winner; none yet re-arms the poll every 10 minutes until 4 hours after the start. A transient
 * Riot failure is retried by the runner with backoff; a permanent one (403, the stub without games/by-code)
 * ends polling, and the captain's report remains.
 */
export async function handleResultPollJob(deps: TournamentDeps & { jobs?: JobRunner }, job: ClaimedJob) {
  const { scrimId } = job.payload as { scrimId?: unknown };
  if (typeof scrimId !== 'string') throw new PermanentJobError(`job ${job.id} has no scrimId`);
  const aggregate = await getScrimAggregate({ db: deps.db, id: scrimId });
  const code = aggregate?.tournament?.tournamentCode;
  // A captain's or an admin's result does not stop polling: Riot's overrides it.
  if (!aggregate || aggregate.scrim.resultSource === 'riot' || !code) return;
  let game: GameTeams | null;
  try {
    game = await fetchFinishedGame(deps, code);
  } catch (error) {
    if (isRiotError(error) && !error.isTransient) throw new PermanentJobError(error.message, { cause: error });
    throw error;
  }
  if (game) {
    await applyGameResult({ deps, scrimId, game });
    return;
  }
  const next = Date.now() + RESULT_POLL_INTERVAL_MS;
  if (next <= aggregate.scrim.gameStartTime.getTime() + RESULT_POLL_WINDOW_MS) {
    await scheduleResultPoll({ db: deps.db, scrimId, runAt: new Date(next) });
  }
}
