import { randomBytes } from 'node:crypto';
import {
  SCRIM_MESSAGES,
  areTeamsFull,
  type Region,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@scrim-gym/shared';
import type { AppConfig } from '../../../config.js';
import type { Database } from '../../../db/client.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { ADMINS_ROOM, scrimRoom, type AppServer } from '../../../plugins/io.js';
import { isRiotRegion, RiotError, type RiotClient } from '../client/index.js';
import {
  getScrimAggregate,
  presentScrimFor,
  publishScrimChange,
  type ScrimDeps,
  type Viewer,
} from '../../scrims/index.js';
import {
  findProvider,
  findTournamentSeries,
  insertProvider,
  insertTournamentSeries,
  storeTournamentCode,
  upsertTournamentError,
} from './tournaments.codes.repository.js';
import { resolveAllowedParticipants } from './tournaments.roster.js';
import { FIRST_RESULT_POLL_DELAY_MS, scheduleResultPoll } from './tournaments.schedule.js';

/** Socket events about a scrim's tournament code (received by the client). */
export const TOURNAMENT_INITIALIZED_EVENT = 'tournamentInitialized';
export const TOURNAMENT_SKIPPED_EVENT = 'tournamentSkipped';
export const TOURNAMENT_ERROR_EVENT = 'tournamentError';

export const REGENERATE_FAILED_MESSAGE = 'Failed to generate new tournament code';

export interface TournamentDeps {
  db: Database;
  io: AppServer;
  riot: RiotClient;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT' | 'oidcProviders'>;
  /** The scrims module's dependencies: a code made, or a result recorded, is a change of its scrim. */
  scrims: ScrimDeps;
}

export type GenerateOutcome =
  | { status: 'created'; code: string }
  | { status: 'skipped'; reason: 'disabled' | 'not_configured' }
  /** Nothing to do: the scrim is gone, its teams are not full, it has a winner, or it has a code already. */
  | { status: 'not_needed' };

/** The season a tournament belongs to: one Riot tournament per region and calendar year. */
export const currentSeason = (now = new Date()) => String(now.getUTCFullYear());

/**
 * Where Riot POSTs game results for a provider. Riot accepts only port 80 or 443: without PUBLIC_URL (local
 * development) the localhost URL below is refused by the real API; the tournament stub and the fake accept it.
 */
export function callbackUrl(config: TournamentDeps['config'], secret: string) {
  const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return `${base}/api/riot/callback/${secret}`;
}

/** Tournament events go to the scrim's watchers and to the admins (who see why a code is missing). */
export const emitTournamentEvent = <E extends typeof TOURNAMENT_INITIALIZED_EVENT | typeof TOURNAMENT_SKIPPED_EVENT>(
  io: AppServer,
  scrimId: string,
  event: E,
  payload: ServerEventPayload<E>,
) => io.to([scrimRoom(scrimId), ADMINS_ROOM]).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));

/** Why Riot failed, in Riot's words: for the admins only (anyone may watch a scrim's room). */
export const emitTournamentError = (io: AppServer, scrimId: string, error: string) =>
  io.to(ADMINS_ROOM).emit(TOURNAMENT_ERROR_EVENT, { scrimId, error });

/** The region's provider, registered with Riot once and stored (the first stored one wins a race). */
async function ensureProvider({ db, riot, config }: TournamentDeps, region: Region): Promise<number> {
  const stored = await findProvider({ db, region });
  if (stored) return stored.providerId;
  const callbackSecret = randomBytes(32).toString('base64url');
  const providerId = await riot.registerProvider({ region, callbackUrl: callbackUrl(config, callbackSecret) });
  const inserted = await insertProvider({ db, values: { region, providerId, callbackSecret } });
  if (inserted) return inserted.providerId;
  return (await findProvider({ db, region }))!.providerId;
}

/** The region's tournament of this season, created once and stored. */
async function ensureTournament({ db, riot }: TournamentDeps, region: Region, providerId: number): Promise<number> {
  const season = currentSeason();
  const stored = await findTournamentSeries({ db, region, season });
  if (stored) return stored.tournamentId;
  const tournamentId = await riot.createTournament({ providerId, name: `Scrim Gym ${region} ${season}` });
  const inserted = await insertTournamentSeries({ db, values: { region, season, tournamentId } });
  if (inserted) return inserted.tournamentId;
  return (await findTournamentSeries({ db, region, season }))!.tournamentId;
}

/** What the client and the row may show: a RiotError's message names the call, never the key or a URL. */
const describeFailure = (error: unknown) =>
  error instanceof RiotError ? error.message : 'Tournament code generation failed';

/**
 * Generates the scrim's tournament code when it should have one: both teams full, no winner, the option on,
 * Riot configured, and no code yet (`replace` makes a new one over an existing code: regenerate).
 * On success the code is stored, the scrim published (players with lobby rights see the code live),
 * 'tournamentInitialized' sent and the lifecycle's `tournamentCode` told (a series tells its players). Option off or no key: 'tournamentSkipped'. A Riot failure is stored in
 * `lastError`, sent as 'tournamentError' and rethrown (the caller decides about retrying); the manual lobby
 * name and password stay available throughout.
 */
export async function generateTournamentCode({
  deps,
  scrimId,
  replace = false,
}: {
  deps: TournamentDeps;
  scrimId: string;
  replace?: boolean;
}): Promise<GenerateOutcome> {
  const { db, io, riot } = deps;
  const aggregate = await getScrimAggregate({ db, id: scrimId });
  if (!aggregate) return { status: 'not_needed' };
  const { scrim, participants, tournament } = aggregate;
  if (!areTeamsFull(participants) || scrim.teamWon) return { status: 'not_needed' };
  if (!replace && tournament?.tournamentCode) return { status: 'not_needed' };
  if (!scrim.useTournamentCode || !riot.isConfigured) {
    const reason = scrim.useTournamentCode ? 'not_configured' : 'disabled';
    emitTournamentEvent(io, scrimId, TOURNAMENT_SKIPPED_EVENT, { scrimId, reason });
    return { status: 'skipped', reason };
  }

  let code: string;
  try {
    if (!isRiotRegion(scrim.region)) {
      throw new RiotError({ kind: 'unsupported', call: 'tournament', message: `no tournament API in ${scrim.region}` });
    }
    const { roster, puuids: allowedParticipants, cannotJoin } = await resolveAllowedParticipants(deps, scrimId);
    const providerId = await ensureProvider(deps, scrim.region);
    const tournamentId = await ensureTournament(deps, scrim.region, providerId);
    const [created] = await riot.createTournamentCodes({
      tournamentId,
      count: 1,
      metadata: JSON.stringify({ scrimId }),
      ...(allowedParticipants && { allowedParticipants }),
      enoughPlayers: false,
    });
    if (!created) throw new RiotError({ kind: 'bad_response', call: 'tournament-v5.createTournamentCode' });
    code = created;
    const values = {
      tournamentCode: code,
      providerId,
      tournamentId,
      setupCompleted: true,
      lobbyCreated: false,
      lastError: null,
      updatedAt: new Date(),
      participantsRoster: roster,
      participantsState: 'current' as const,
      participantsCannotJoin: cannotJoin,
      participantsUpdatedAt: new Date(),
    };
    // Without `replace`, a code stored meanwhile (another run) is kept.
    await storeTournamentCode({ db, scrimId, values, replace });
  } catch (error) {
    const message = describeFailure(error);
    await upsertTournamentError({ db, scrimId, lastError: message });
    emitTournamentError(io, scrimId, message);
    throw error;
  }

  // games/by-code is the fallback for a lost game-end callback (the stub has no games/by-code).
  if (!riot.tournamentStub) {
    const firstPoll = Math.max(Date.now(), scrim.gameStartTime.getTime()) + FIRST_RESULT_POLL_DELAY_MS;
    await scheduleResultPoll({ db, scrimId, runAt: new Date(firstPoll) });
  }
  const updated = await getScrimAggregate({ db, id: scrimId });
  if (updated) publishScrimChange(deps.scrims, updated);
  emitTournamentEvent(io, scrimId, TOURNAMENT_INITIALIZED_EVENT, { scrimId });
  if (updated) await deps.scrims.lifecycle.emit('tournamentCode', { aggregate: updated });
  return { status: 'created', code };
}

/**
 * `POST /scrims/:id/regenerate-tournament-code` (admin): a new code replaces the old one (which no longer
 * works for this scrim). 409 when the teams are not full or codes are off; 502 when Riot fails or has no key.
 */
export async function regenerateTournamentCode({
  deps,
  viewer,
  scrimId,
}: {
  deps: TournamentDeps;
  viewer: Viewer;
  scrimId: string;
}) {
  const aggregate = await getScrimAggregate({ db: deps.db, id: scrimId });
  if (!aggregate) throw notFound(SCRIM_MESSAGES.notFound, 'SCRIM_NOT_FOUND');
  if (!areTeamsFull(aggregate.participants)) {
    throw conflict('Both teams must be full to generate a tournament code', 'TEAMS_NOT_FULL');
  }
  if (!aggregate.scrim.useTournamentCode) {
    throw conflict('The tournament code is turned off for this scrim', 'TOURNAMENT_CODE_OFF');
  }
  if (aggregate.scrim.teamWon) throw conflict(SCRIM_MESSAGES.gameOver, 'GAME_OVER');
  let outcome: GenerateOutcome;
  try {
    outcome = await generateTournamentCode({ deps, scrimId, replace: true });
  } catch (error) {
    throw new AppError(502, 'RIOT_FAILED', REGENERATE_FAILED_MESSAGE, {}, error);
  }
  if (outcome.status !== 'created') throw new AppError(502, 'RIOT_FAILED', REGENERATE_FAILED_MESSAGE);
  const updated = await getScrimAggregate({ db: deps.db, id: scrimId });
  if (!updated) throw notFound(SCRIM_MESSAGES.notFound, 'SCRIM_NOT_FOUND');
  return presentScrimFor(updated, viewer);
}
