import { z } from 'zod';
import { RESULT_MESSAGES, type TeamName } from '@scrim-gym/shared';
import { cancelJob, PermanentJobError, type ClaimedJob, type JobRunner } from '../../../jobs/index.js';
import { notFound } from '../../../lib/errors.js';
import { secretsEqual } from '../../../lib/tokens.js';
import { isRiotError, type RiotTournamentGame } from '../client/index.js';
import { getScrimAggregate, reconcileResult, type NewEvidence, type Reconciled } from '../../scrims/index.js';
import { requestMatchFetch } from '../matches/matches.schedule.js';
import {
  findPlayerAccounts,
  findProviderSecrets,
  findTournamentByCode,
  recordTournamentError,
  type PlayerAccount,
} from './tournaments.repository.js';
import { resultPollKey, scheduleResultPoll } from './tournaments.schedule.js';
import { emitTournamentError, type TournamentDeps } from './tournaments.service.js';

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

/** Fewer of the scrim's ten players than this in a game: it is not the scrim's game. */
export const MIN_SCRIM_PLAYERS_IN_GAME = 8;

/**
 * What a finished game says of the scrim: another scrim's when fewer than 8 of its players (by PUUID) played
 * it, or when their PUUIDs name no winner; else the winner by the scrim's team name, from the PUUIDs (never from
 * the side Riot's team sat on). `found`: how many of the scrim's players played.
 */
export function judgeGame(players: Pick<PlayerAccount, 'team' | 'riotPuuid'>[], game: GameTeams) {
  const inGame = new Set([...game.winningTeam, ...game.losingTeam].map((member) => member.puuid));
  const found = players.filter((p) => p.riotPuuid && inGame.has(p.riotPuuid)).length;
  const team = found >= MIN_SCRIM_PLAYERS_IN_GAME ? decideWinner(players, game) : null;
  return team ? { verdict: 'winner' as const, team, found } : { verdict: 'not-this-scrim' as const, team: null, found };
}

/** Riot's word on one game of the scrim's code: which kind of evidence, the game's id, its teams. */
export interface RiotGameSeen {
  kind: 'callback' | 'games-by-code';
  gameId: number | null;
  game: GameTeams;
}

/**
 * Riot's evidence goes to the result reconciler (reconcileResult: stored, the result re-decided under the
 * scrim's lock, published and rated once). A game that is not the scrim's changes nothing and is flagged on the
 * code (lastError, sent to the admins as 'tournamentError'). Afterwards the poll follows the decision: stopped by
 * Riot's result, re-armed while a remake leaves none (the replay on the same code is awaited).
 */
export async function recordRiotEvidence({
  deps,
  scrimId,
  items,
}: {
  deps: TournamentDeps;
  scrimId: string;
  items: (NewEvidence & { found?: number })[];
}): Promise<Reconciled> {
  const stranger = items.find((item) => item.verdict === 'not-this-scrim');
  if (stranger) {
    const message = RESULT_MESSAGES.strangerGame(stranger.found ?? 0);
    await recordTournamentError({ db: deps.db, scrimId, lastError: message });
    emitTournamentError(deps.io, scrimId, message);
  }
  const reconciled = await reconcileResult({
    deps: deps.scrims,
    scrimId,
    items: items.map(({ found: _found, ...item }) => item),
  });
  if (reconciled.decision.action === 'riot') await cancelJob({ db: deps.db, dedupeKey: resultPollKey(scrimId) });
  else if (reconciled.decision.remakes > 0) await pollAgain(deps, scrimId);
  return reconciled;
}

/** Re-arms the result poll, within its window after the start. */
async function pollAgain(deps: TournamentDeps, scrimId: string) {
  const aggregate = await getScrimAggregate({ db: deps.db, id: scrimId });
  if (!aggregate) return;
  const next = Date.now() + deps.config.RIOT_RESULT_POLL_MS;
  if (next <= aggregate.scrim.gameStartTime.getTime() + deps.config.RIOT_RESULT_POLL_WINDOW_MS) {
    await scheduleResultPoll({ db: deps.db, scrimId, runAt: new Date(next) });
  }
}

/**
 * Finished games of the scrim's code (the callback's, or games/by-code's) as evidence. Whatever they say, the
 * games WERE played with the scrim's code: the match is to be fetched from match-v5 (requestMatchFetch: one job
 * per scrim, a duplicate callback or the poll after the callback changes nothing).
 */
export async function applyGameResult({
  deps,
  scrimId,
  games,
}: {
  deps: TournamentDeps & { jobs?: JobRunner };
  scrimId: string;
  games: RiotGameSeen[];
}): Promise<ResultOutcome> {
  const players = await findPlayerAccounts({ db: deps.db, scrimId });
  const items = games.map(({ kind, gameId, game }) => ({ kind, gameId, ...judgeGame(players, game) }));
  const { decision, changed } = await recordRiotEvidence({ deps, scrimId, items });
  await requestMatchFetch({ deps, scrimId });
  if (decision.action !== 'riot') return items.some((item) => item.verdict === 'winner') ? 'already_set' : 'unmatched';
  return changed ? 'recorded' : 'already_set';
}

/** The code's finished games (those with their teams), from games/by-code. */
async function fetchFinishedGames(deps: TournamentDeps, code: string): Promise<RiotGameSeen[]> {
  const games = await deps.riot.getGamesByCode(code);
  return games.filter(hasTeams).map((game) => ({ kind: 'games-by-code' as const, gameId: game.gameId ?? null, game }));
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
  if (hasTeams(body))
    return applyGameResult({ deps, scrimId, games: [{ kind: 'callback', gameId: body.gameId ?? null, game: body }] });
  try {
    const games = await fetchFinishedGames(deps, body.shortCode);
    if (games.length > 0) return await applyGameResult({ deps, scrimId, games });
  } catch (error) {
    if (!isRiotError(error)) throw error;
  }
  await scheduleResultPoll({ db: deps.db, scrimId, runAt: new Date(Date.now() + deps.config.RIOT_RESULT_POLL_MS) });
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
 * game is evidence for the reconciler; none yet (or only remade or strangers' games) re-arms the poll every
 * RIOT_RESULT_POLL_MS until RIOT_RESULT_POLL_WINDOW_MS after the start. A transient
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
  let games: RiotGameSeen[];
  try {
    games = await fetchFinishedGames(deps, code);
  } catch (error) {
    if (isRiotError(error) && !error.isTransient) throw new PermanentJobError(error.message, { cause: error });
    throw error;
  }
  if (games.length > 0 && (await applyGameResult({ deps, scrimId, games })) !== 'unmatched') return;
  await pollAgain(deps, scrimId);
}
