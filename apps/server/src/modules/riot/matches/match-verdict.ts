import type { RiotMatch } from '../client/index.js';
import type { PlayerAccount } from '../tournaments/tournaments.repository.js';
import { judgeGame, MIN_SCRIM_PLAYERS_IN_GAME } from '../tournaments/tournaments.results.js';

/** A game shorter than this (3½ minutes) is a remake whatever it says: it counts for nobody. */
export const REMAKE_MAX_SECONDS = 210;

/**
 * What a match-v5 match says of the scrim: another scrim's (fewer than 8 of its players), a remake (Riot's
 * early-surrender remake on any participant, or under 3½ minutes), else the winner by the scrim's team name,
 * from each participant's PUUID and `win` (never the side: a team that sat on Red is still itself).
 */
export function judgeMatch(dto: RiotMatch, players: Pick<PlayerAccount, 'team' | 'riotPuuid'>[]) {
  const { participants, gameDuration } = dto.info;
  const members = (win: boolean) => participants.filter((p) => p.win === win).map(({ puuid }) => ({ puuid }));
  const judged = judgeGame(players, { winningTeam: members(true), losingTeam: members(false) });
  if (judged.found < MIN_SCRIM_PLAYERS_IN_GAME) return judged;
  if (gameDuration < REMAKE_MAX_SECONDS || participants.some((p) => p.gameEndedInEarlySurrender === true))
    return { verdict: 'remake' as const, team: null, found: judged.found };
  return judged;
}
