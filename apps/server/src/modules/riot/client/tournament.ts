import { RiotError } from './errors.js';
import { TOURNAMENT_HOST, routeForRegion, type RiotRegion, type TournamentRegion } from './routing.js';
import { enc, type RiotRequest } from './transport.js';
import {
  lobbyEventsDtoSchema,
  providerIdSchema,
  tournamentCodeDtoSchema,
  tournamentCodesSchema,
  tournamentGamesDtoSchema,
  tournamentIdSchema,
  type RiotLobbyEvents,
  type RiotTournamentCode,
  type RiotTournamentGame,
  type TournamentCodeParameters,
  type TournamentMapType,
  type TournamentPickType,
  type TournamentSpectatorType,
} from './types.js';

export interface CreateTournamentCodesInput {
  tournamentId: number;
  /** 1..1000 (default 1). */
  count?: number;
  /** Echoed by Riot in the callback and games/by-code; identify the scrim with it. */
  metadata?: string;
  /** PUUIDs of both teams; omitted when empty. */
  allowedParticipants?: string[];
  /** Default: true when allowedParticipants fill both teams. */
  enoughPlayers?: boolean;
  teamSize?: number;
  mapType?: TournamentMapType;
  pickType?: TournamentPickType;
  spectatorType?: TournamentSpectatorType;
}

export interface UpdateTournamentCodeInput {
  /** The new list (replacing the old one); empty: no list, anyone with the code may join. Left out: unchanged. */
  allowedParticipants?: string[];
  mapType?: TournamentMapType;
  pickType?: TournamentPickType;
  spectatorType?: TournamentSpectatorType;
}

/** tournament-v5 (or tournament-stub-v5): providers, tournaments, codes, their lobbies and games. */
export interface RiotTournamentApi {
  /** Registers a tournament provider for the region's shard; `callbackUrl` must use port 80 or 443. */
  registerProvider(input: { region: RiotRegion; callbackUrl: string }): Promise<number>;
  createTournament(input: { providerId: number; name?: string }): Promise<number>;
  createTournamentCodes(input: CreateTournamentCodesInput): Promise<string[]>;
  getTournamentCode(code: string): Promise<RiotTournamentCode>;
  updateTournamentCode(code: string, input?: UpdateTournamentCodeInput): Promise<void>;
  getLobbyEvents(code: string): Promise<RiotLobbyEvents>;
  /** Games played with a code (winning and losing PUUIDs). Not served by the stub: kind 'unsupported' there. */
  getGamesByCode(code: string): Promise<RiotTournamentGame[]>;
}

export function createTournamentApi({ request, stub }: { request: RiotRequest; stub: boolean }): RiotTournamentApi {
  const tournamentApi = stub ? 'tournament-stub' : 'tournament';
  const tournamentPath = `/lol/${tournamentApi}/v5`;
  return {
    registerProvider({ region, callbackUrl }) {
      const call = `${tournamentApi}-v5.registerProvider`;
      const tournamentRegion: TournamentRegion | null = routeForRegion(region).tournament;
      if (!tournamentRegion) {
        return Promise.reject(new RiotError({ kind: 'unsupported', call, message: `no tournament API in ${region}` }));
      }
      return request(
        {
          call,
          host: TOURNAMENT_HOST,
          method: 'POST',
          path: `${tournamentPath}/providers`,
          body: { region: tournamentRegion, url: callbackUrl },
        },
        providerIdSchema,
      );
    },

    createTournament({ providerId, name }) {
      return request(
        {
          call: `${tournamentApi}-v5.registerTournament`,
          host: TOURNAMENT_HOST,
          method: 'POST',
          path: `${tournamentPath}/tournaments`,
          body: name === undefined ? { providerId } : { providerId, name },
        },
        tournamentIdSchema,
      );
    },

    createTournamentCodes(input) {
      const teamSize = input.teamSize ?? 5;
      const allowed = input.allowedParticipants?.filter(Boolean) ?? [];
      const body: TournamentCodeParameters = {
        teamSize,
        mapType: input.mapType ?? 'SUMMONERS_RIFT',
        pickType: input.pickType ?? 'TOURNAMENT_DRAFT',
        spectatorType: input.spectatorType ?? 'ALL',
        ...(allowed.length > 0 ? { allowedParticipants: allowed } : {}),
        ...(input.metadata === undefined ? {} : { metadata: input.metadata }),
        enoughPlayers: input.enoughPlayers ?? allowed.length >= teamSize * 2,
      };
      return request(
        {
          call: `${tournamentApi}-v5.createTournamentCode`,
          host: TOURNAMENT_HOST,
          method: 'POST',
          path: `${tournamentPath}/codes`,
          query: { tournamentId: input.tournamentId, count: input.count ?? 1 },
          body,
        },
        tournamentCodesSchema,
      );
    },

    getTournamentCode(code) {
      return request(
        {
          call: `${tournamentApi}-v5.getTournamentCode`,
          host: TOURNAMENT_HOST,
          method: 'GET',
          path: `${tournamentPath}/codes/${enc(code)}`,
        },
        tournamentCodeDtoSchema,
      );
    },

    async updateTournamentCode(code, input = {}) {
      const allowed = input.allowedParticipants?.filter(Boolean);
      await request(
        {
          call: `${tournamentApi}-v5.updateCode`,
          host: TOURNAMENT_HOST,
          method: 'PUT',
          path: `${tournamentPath}/codes/${enc(code)}`,
          body: {
            mapType: input.mapType ?? 'SUMMONERS_RIFT',
            pickType: input.pickType ?? 'TOURNAMENT_DRAFT',
            spectatorType: input.spectatorType ?? 'ALL',
            // A PUT replaces the list: an empty one (sent, not left out) lets anyone with the code in.
            ...(allowed && { allowedParticipants: allowed }),
          },
        },
        null,
      );
    },

    getLobbyEvents(code) {
      return request(
        {
          call: `${tournamentApi}-v5.getLobbyEventsByCode`,
          host: TOURNAMENT_HOST,
          method: 'GET',
          path: `${tournamentPath}/lobby-events/by-code/${enc(code)}`,
        },
        lobbyEventsDtoSchema,
      );
    },

    getGamesByCode(code) {
      const call = `${tournamentApi}-v5.getGames`;
      if (stub) {
        return Promise.reject(
          new RiotError({ kind: 'unsupported', call, message: 'games/by-code is not part of tournament-stub' }),
        );
      }
      return request(
        { call, host: TOURNAMENT_HOST, method: 'GET', path: `${tournamentPath}/games/by-code/${enc(code)}` },
        tournamentGamesDtoSchema,
      );
    },
  };
}
