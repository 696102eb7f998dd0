import {
  ADMIN_MESSAGES,
  MATCH_MESSAGES,
  SCRIM_MESSAGES,
  areTeamsFull,
  type DraftCheck,
  type MatchSide,
  type ScrimMatchResponse,
  type UserChampionStats,
  type UserMatchesResponse,
  type UserRoleStats,
  type Role,
} from '@scrim-gym/shared';
import type { Database } from '../../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import type { AppServer } from '../../../plugins/io.js';
import type { Viewer } from '../../auth/index.js';
import { decodeCursor, encodeCursor } from '../../users/index.js';
import { isRiotError, routeForRegion, type RiotClient, type RiotMatch } from '../client/index.js';
import { findBenchAccounts, findPlayerAccounts } from '../tournaments/tournaments.repository.js';
import { decideWinner, MIN_SCRIM_PLAYERS_IN_GAME } from '../tournaments/tournaments.results.js';
import { checkDraft, teamOneSideOf } from './draft-check.js';
import { emitMatchStatus } from './matches.events.js';
import {
  findChampionTotals,
  findMatchScrim,
  findRoleTotals,
  findUserMatchPage,
  matchUserExists,
} from './matches.history.repository.js';
import { MalformedMatchError, countScrimPlayersIn, readMatch } from './matches.mapping.js';
import { seesPrivateMatches } from './matches.policy.js';
import {
  presentChampionTotals,
  presentRoleTotals,
  presentScrimMatch,
  presentUserMatchRow,
} from './matches.presenter.js';
import {
  findDoneDraftTurns,
  findMatchParticipants,
  findScrimMatchRow,
  findScrimOfMatch,
  storeMatch,
  type MatchParticipantRow,
  type ScrimMatchRow,
} from './matches.repository.js';
import { MATCH_FETCH_WINDOW_MS } from './matches.schedule.js';

const scrimNotFound = () => notFound(SCRIM_MESSAGES.notFound, 'SCRIM_NOT_FOUND');
const userNotFound = () => notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
/** Riot answered, but nothing the admin can fix by retrying the same id now: 422 with what went wrong. */
const riotFailed = (message: string, cause?: unknown) => new AppError(422, 'RIOT_FAILED', message, {}, cause);

/** Riot's rate limit reached: a 429 whose Retry-After (seconds) the route sends as a header. */
export interface RiotRateLimited extends AppError {
  retryAfterSeconds: number;
}
const riotRateLimited = (retryAfterSeconds: number): RiotRateLimited =>
  Object.assign(new AppError(429, 'RIOT_RATE_LIMITED', MATCH_MESSAGES.riotRateLimited), { retryAfterSeconds });
export const isRiotRateLimited = (error: unknown): error is RiotRateLimited =>
  error instanceof AppError && 'retryAfterSeconds' in error;

export interface MatchDeps {
  db: Database;
  io: AppServer;
  riot: RiotClient;
}

/** Whether the server can fetch matches at all: a key, and not the tournament stub (its codes have no games). */
export const matchesAvailable = (riot: RiotClient) => riot.isConfigured && !riot.tournamentStub;

/** GET /api/scrims/:id/match: any signed-in viewer who may open the scrim (every one, by its link). */
export async function getScrimMatch({
  db,
  riot,
  scrimId,
}: {
  db: Database;
  riot: RiotClient;
  scrimId: string;
}): Promise<ScrimMatchResponse> {
  const scrim = await findMatchScrim({ db, scrimId });
  if (!scrim) throw scrimNotFound();
  return readScrimMatch({ db, riot, scrimId });
}

/**
 * A fetch still 'pending' an hour after its 24-hour window: its job died of errors that were not Riot's (the
 * database down through every attempt). Players are told what they would be told of a fetch given up on.
 */
const STALE_PENDING_MS = MATCH_FETCH_WINDOW_MS + 60 * 60_000;

async function readScrimMatch({ db, riot, scrimId }: { db: Database; riot: RiotClient; scrimId: string }) {
  const stored = await findScrimMatchRow({ db, scrimId });
  const stale = stored?.status === 'pending' && Date.now() - stored.fetchSince.getTime() > STALE_PENDING_MS;
  const row = stale ? { ...stored, status: 'failed' as const } : stored;
  const ready = row?.status === 'ready';
  const participants = ready ? await findMatchParticipants({ db, scrimId }) : [];
  const draftCheck = ready ? await readDraftCheck({ db, riot, scrimId, row, participants }) : null;
  return presentScrimMatch({ row, participants, draftCheck, riotConfigured: matchesAvailable(riot) });
}

/**
 * The game against the scrim's finished draft (null without one). Where teamOne (the draft's blue) played is read
 * as the results read a game's winner: each player's PUUID on Riot's blue or red, the lineups' bench included.
 */
async function readDraftCheck({
  db,
  riot,
  scrimId,
  row,
  participants,
}: {
  db: Database;
  riot: RiotClient;
  scrimId: string;
  row: ScrimMatchRow;
  participants: MatchParticipantRow[];
}): Promise<DraftCheck | null> {
  const turns = await findDoneDraftTurns({ db, scrimId });
  if (turns.length === 0) return null;
  const [seated, bench] = await Promise.all([findPlayerAccounts({ db, scrimId }), findBenchAccounts({ db, scrimId })]);
  const onSide = (side: MatchSide) => participants.filter((p) => p.side === side).map(({ puuid }) => ({ puuid }));
  const teamOnBlue = decideWinner([...seated, ...bench], { winningTeam: onSide('blue'), losingTeam: onSide('red') });
  const mismatches = checkDraft({
    turns,
    teams: row.teams ?? [],
    participants,
    teamOneSide: teamOneSideOf(teamOnBlue),
  });
  const named = [...new Set(mismatches.flatMap((m) => [m.played, m.drafted]).filter((c): c is string => c !== null))];
  const names = named.length > 0 ? await riot.getChampionNames(await riot.getDataDragonVersion()) : new Map();
  return { mismatches, names: Object.fromEntries(named.map((key) => [key, names.get(key) ?? key])) };
}

/**
 * GET /api/users/:id/matches: a page of the user's games, newest first, filtered by role and champion. Games of
 * private scrims only for the owner and admins (the profile's rule).
 */
export async function listUserMatches({
  db,
  viewer,
  userId,
  query,
}: {
  db: Database;
  viewer: Viewer;
  userId: string;
  query: { cursor?: string; role?: Role; champion?: string; limit: number };
}): Promise<UserMatchesResponse> {
  const cursor = decodeCursor(query.cursor);
  if (!(await matchUserExists({ db, userId }))) throw userNotFound();
  const page = await findUserMatchPage({
    db,
    userId,
    includePrivate: seesPrivateMatches(viewer, userId),
    role: query.role,
    champion: query.champion,
    cursor,
    limit: query.limit,
  });
  const rows = page.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(presentUserMatchRow),
    nextCursor:
      page.length > query.limit && last ? encodeCursor({ gameStartTime: last.playedAt, id: last.scrimId }) : null,
  };
}

/** GET /api/users/:id/champions: the champion pool over all the user's games. */
export async function getUserChampionStats({
  db,
  userId,
}: {
  db: Database;
  userId: string;
}): Promise<UserChampionStats> {
  if (!(await matchUserExists({ db, userId }))) throw userNotFound();
  return presentChampionTotals(await findChampionTotals({ db, userId }));
}

/** GET /api/users/:id/match-roles: totals per role over all the user's games. */
export async function getUserRoleStats({ db, userId }: { db: Database; userId: string }): Promise<UserRoleStats> {
  if (!(await matchUserExists({ db, userId }))) throw userNotFound();
  return presentRoleTotals(await findRoleTotals({ db, userId }));
}

/** A Riot failure of the admin's attach, as the answer the admin reads (never a 5xx). */
function attachError(error: unknown): unknown {
  if (error instanceof MalformedMatchError) return riotFailed(MATCH_MESSAGES.matchMalformed, error);
  if (!isRiotError(error)) return error;
  switch (error.kind) {
    case 'not_found':
      return notFound(MATCH_MESSAGES.matchNotFound, 'MATCH_NOT_FOUND');
    case 'bad_request':
      // Riot refused the id itself (one our pattern let through).
      return badRequest(MATCH_MESSAGES.matchIdInvalid, 'MATCH_ID_INVALID');
    case 'rate_limited':
      return riotRateLimited(Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000)));
    case 'unauthorized':
    case 'forbidden':
      return riotFailed(MATCH_MESSAGES.riotRefused, error);
    case 'bad_response':
      return riotFailed(MATCH_MESSAGES.matchMalformed, error);
    case 'not_configured':
    case 'unsupported':
      return conflict(MATCH_MESSAGES.riotNotConfigured, 'RIOT_FAILED');
    case 'server':
    case 'network':
    case 'timeout':
      return riotFailed(MATCH_MESSAGES.riotUnavailable, error);
  }
}

/**
 * POST /api/admin/scrims/:id/attach-match: an admin attaches a Riot match by id to a scrim played with a manual
 * lobby. The scrim must have been played (both teams full, start passed, neither cancelled nor abandoned) and have
 * no match yet; the id must be of the scrim's region (its platform prefix); at least 8 of the 10 players (by
 * PUUID) must be in the match. Nothing is written until everything checked out; then the match is stored in one
 * transaction (storeMatch) and the scrim's room told.
 */
export async function attachMatch({
  deps: { db, io, riot },
  adminId,
  scrimId,
  matchId,
  now = new Date(),
}: {
  deps: MatchDeps;
  adminId: string;
  scrimId: string;
  matchId: string;
  now?: Date;
}): Promise<ScrimMatchResponse> {
  const scrim = await findMatchScrim({ db, scrimId });
  if (!scrim) throw scrimNotFound();
  const platform = routeForRegion(scrim.region).platform.toUpperCase();
  if (matchId.slice(0, matchId.indexOf('_')) !== platform) {
    throw badRequest(MATCH_MESSAGES.matchWrongRegion(scrim.region), 'MATCH_WRONG_REGION');
  }
  const players = await findPlayerAccounts({ db, scrimId });
  const played =
    // Both teams full (five players each; the roles do not matter here).
    areTeamsFull(players.map(({ team }) => ({ team, role: null }))) &&
    scrim.gameStartTime <= now &&
    !scrim.cancelledAt &&
    !scrim.abandonedAt;
  if (!played) throw conflict(MATCH_MESSAGES.notPlayed, 'NOT_STARTED');
  if ((await findScrimMatchRow({ db, scrimId }))?.status === 'ready') {
    throw conflict(MATCH_MESSAGES.scrimHasMatch, 'SCRIM_HAS_MATCH');
  }
  const holder = await findScrimOfMatch({ db, matchId });
  if (holder && holder !== scrimId) throw conflict(MATCH_MESSAGES.alreadyAttached, 'MATCH_ALREADY_ATTACHED');
  if (!riot.isConfigured) throw conflict(MATCH_MESSAGES.riotNotConfigured, 'RIOT_FAILED');

  let match;
  try {
    const dto: RiotMatch = await riot.getMatch({ matchId, region: scrim.region });
    // Bans are named from Data Dragon; without it they stay unnamed (null), the match is still attached.
    const championKeys = await riot.getChampionKeys(await riot.getDataDragonVersion());
    match = readMatch({ dto, championKeys, players });
  } catch (error) {
    throw attachError(error);
  }
  const found = countScrimPlayersIn(match, players);
  if (found < MIN_SCRIM_PLAYERS_IN_GAME) {
    throw new AppError(422, 'MATCH_PLAYERS_MISMATCH', MATCH_MESSAGES.tooFewPlayers(found));
  }
  const outcome = await storeMatch({ db, scrimId, source: 'admin', match, attachedBy: adminId });
  if (outcome === 'match_taken') throw conflict(MATCH_MESSAGES.alreadyAttached, 'MATCH_ALREADY_ATTACHED');
  if (outcome === 'already_ready') throw conflict(MATCH_MESSAGES.scrimHasMatch, 'SCRIM_HAS_MATCH');
  emitMatchStatus(io, scrimId, 'ready');
  return readScrimMatch({ db, riot, scrimId });
}
