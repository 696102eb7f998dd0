import { RiotError } from './errors.js';
import { routeForRegion, type RiotRegion } from './routing.js';
import { enc, type RiotRequest } from './transport.js';
import { matchDtoSchema, matchIdsSchema, type RiotMatch } from './types.js';

/** match-v5 on the regional cluster: a tournament code's matches, and any match by id. */
export interface RiotMatchApi {
  /** match-v5: the ids of the matches played with a tournament code (none yet while Riot processes the game). */
  getMatchIdsByTournamentCode(input: { code: string; region: RiotRegion }): Promise<string[]>;
  /** match-v5: a match played with a tournament code. Not served for the stub's codes: kind 'unsupported'. */
  getMatchByTournamentCode(input: { matchId: string; code: string; region: RiotRegion }): Promise<RiotMatch>;
  /** match-v5: any match by id, on the regional cluster of `region`. */
  getMatch(input: { matchId: string; region: RiotRegion }): Promise<RiotMatch>;
}

/** `stub`: the codes come from tournament-stub, which plays no matches. */
export function createMatchApi({ request, stub }: { request: RiotRequest; stub: boolean }): RiotMatchApi {
  return {
    getMatchIdsByTournamentCode({ code, region }) {
      const call = 'match-v5.getMatchIdsByTournamentCode';
      if (stub)
        return Promise.reject(new RiotError({ kind: 'unsupported', call, message: 'stub codes have no matches' }));
      return request(
        {
          call,
          host: routeForRegion(region).regional,
          method: 'GET',
          path: `/lol/match/v5/matches/by-tournament-code/${enc(code)}/ids`,
        },
        matchIdsSchema,
      );
    },

    getMatchByTournamentCode({ matchId, code, region }) {
      const call = 'match-v5.getMatchByIdAndTournamentCode';
      if (stub)
        return Promise.reject(new RiotError({ kind: 'unsupported', call, message: 'stub codes have no matches' }));
      return request(
        {
          call,
          host: routeForRegion(region).regional,
          method: 'GET',
          path: `/lol/match/v5/matches/${enc(matchId)}/by-tournament-code/${enc(code)}`,
        },
        matchDtoSchema,
      );
    },

    getMatch({ matchId, region }) {
      return request(
        {
          call: 'match-v5.getMatch',
          host: routeForRegion(region).regional,
          method: 'GET',
          path: `/lol/match/v5/matches/${enc(matchId)}`,
        },
        matchDtoSchema,
      );
    },
  };
}
