import type { MatchSide, Role } from '@scrim-gym/shared';
import type { StoredMatchTeam } from '../../../db/schema/index.js';
import type { RiotMatch, RiotMatchParticipant } from '../client/index.js';

/** Riot's teamPosition → the app's roles ('' or anything else: no role, e.g. a remake). */
const ROLE_OF_POSITION: Record<string, Role> = {
  TOP: 'Top',
  JUNGLE: 'Jungle',
  MIDDLE: 'Mid',
  BOTTOM: 'ADC',
  UTILITY: 'Support',
};

const sideOf = (teamId: 100 | 200): MatchSide => (teamId === 100 ? 'blue' : 'red');

/** A match-v5 body the app cannot store (duplicate participants, no players of either side). */
export class MalformedMatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedMatchError';
  }
}

/** One player's line, as stored in match_participants (`userId` null: a stranger). */
export interface ParticipantToStore {
  participantId: number;
  puuid: string;
  userId: string | null;
  riotId: string | null;
  side: MatchSide;
  win: boolean;
  champion: string;
  role: Role | null;
  kills: number;
  deaths: number;
  assists: number;
  cs: number;
  gold: number;
  damage: number;
  vision: number;
  level: number;
  items: number[];
  spells: number[];
  keystone: number | null;
}

export interface MatchToStore {
  matchId: string;
  platformId: string;
  durationSeconds: number;
  patch: string;
  playedAt: Date;
  teams: StoredMatchTeam[];
  participants: ParticipantToStore[];
}

/** "15.1.648.1234" → "15.1"; anything else is kept short as it came. */
export function patchOf(gameVersion: string): string {
  const match = /^(\d+)\.(\d+)/.exec(gameVersion);
  return match ? `${match[1]}.${match[2]}` : gameVersion.slice(0, 10) || 'unknown';
}

function keystoneOf(participant: RiotMatchParticipant): number | null {
  const primary = participant.perks?.styles.find((style) => style.description === 'primaryStyle');
  return primary?.selections[0]?.perk ?? null;
}

/**
 * Riot's MatchDto → what the app stores. Participants are linked to users by PUUID only among `players` (the
 * scrim's players): anyone else in the game is a stranger, even if their PUUID is some other user's. Bans are
 * named from Data Dragon's champion ids (`championKeys`), null where the id is unknown or no ban (-1).
 */
export function readMatch({
  dto,
  championKeys,
  players,
}: {
  dto: RiotMatch;
  championKeys: Map<number, string>;
  players: { userId: string; riotPuuid: string | null }[];
}): MatchToStore {
  const { info } = dto;
  const userOfPuuid = new Map(players.flatMap((p) => (p.riotPuuid ? [[p.riotPuuid, p.userId] as const] : [])));
  const ids = new Set(info.participants.map((p) => p.participantId));
  const puuids = new Set(info.participants.map((p) => p.puuid));
  if (ids.size !== info.participants.length || puuids.size !== info.participants.length) {
    throw new MalformedMatchError('the match lists a participant twice');
  }
  const teamIds = new Set(info.teams.map((team) => team.teamId));
  if (teamIds.size !== 2) throw new MalformedMatchError('the match does not have a blue and a red team');

  const participants: ParticipantToStore[] = info.participants.map((p) => ({
    participantId: p.participantId,
    puuid: p.puuid,
    userId: userOfPuuid.get(p.puuid) ?? null,
    riotId: p.riotIdGameName ? `${p.riotIdGameName}#${p.riotIdTagline ?? ''}` : null,
    side: sideOf(p.teamId),
    win: p.win,
    champion: p.championName,
    role: ROLE_OF_POSITION[p.teamPosition ?? ''] ?? null,
    kills: p.kills,
    deaths: p.deaths,
    assists: p.assists,
    cs: p.totalMinionsKilled + p.neutralMinionsKilled,
    gold: p.goldEarned,
    damage: p.totalDamageDealtToChampions,
    vision: p.visionScore,
    level: p.champLevel,
    items: [p.item0, p.item1, p.item2, p.item3, p.item4, p.item5, p.item6],
    spells: [p.summoner1Id, p.summoner2Id],
    keystone: keystoneOf(p),
  }));

  const teams: StoredMatchTeam[] = [...info.teams]
    .sort((a, b) => a.teamId - b.teamId)
    .map((team) => {
      const { objectives } = team;
      return {
        side: sideOf(team.teamId),
        win: team.win,
        objectives: {
          kills: objectives.champion.kills,
          towers: objectives.tower.kills,
          inhibitors: objectives.inhibitor.kills,
          dragons: objectives.dragon.kills,
          barons: objectives.baron.kills,
          heralds: objectives.riftHerald.kills,
          grubs: objectives.horde?.kills ?? 0,
        },
        bans: [...team.bans]
          .sort((a, b) => a.pickTurn - b.pickTurn)
          .map((ban) => championKeys.get(ban.championId) ?? null),
        gold: participants.filter((p) => p.side === sideOf(team.teamId)).reduce((sum, p) => sum + p.gold, 0),
      };
    });

  const endedAt = info.gameEndTimestamp ?? (info.gameStartTimestamp ?? info.gameCreation) + info.gameDuration * 1000;
  return {
    matchId: dto.metadata.matchId,
    platformId: info.platformId,
    durationSeconds: info.gameDuration,
    patch: patchOf(info.gameVersion),
    playedAt: new Date(endedAt),
    teams,
    participants,
  };
}

/** How many of the scrim's players (by PUUID) played in the match. */
export function countScrimPlayersIn(
  match: Pick<MatchToStore, 'participants'>,
  players: { riotPuuid: string | null }[],
) {
  const inMatch = new Set(match.participants.map((p) => p.puuid));
  return players.filter((p) => p.riotPuuid && inMatch.has(p.riotPuuid)).length;
}
