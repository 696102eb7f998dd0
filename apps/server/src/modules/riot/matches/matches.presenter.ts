import {
  MATCH_SIDES,
  ROLES,
  type DraftCheck,
  type MatchStatus,
  type Role,
  type ScrimMatchResponse,
  type UserChampionStats,
  type UserMatchRow,
  type UserRoleStats,
} from '@scrim-gym/shared';
import type { MatchParticipantRow, ScrimMatchRow } from './matches.repository.js';
import type { UserMatchPageRow } from './matches.history.repository.js';

const presentParticipant = (p: MatchParticipantRow) => ({
  userId: p.userId,
  name: p.userId ? p.name : null,
  puuid: p.puuid,
  riotId: p.riotId,
  champion: p.champion,
  role: p.role,
  kills: p.kills,
  deaths: p.deaths,
  assists: p.assists,
  cs: p.cs,
  gold: p.gold,
  damage: p.damage,
  vision: p.vision,
  items: p.items,
  spells: p.spells,
  keystone: p.keystone,
  level: p.level,
});

/**
 * GET /api/scrims/:id/match: the status, and once 'ready' the match with blue then red and their players, and the
 * game checked against the scrim's finished draft.
 */
export function presentScrimMatch({
  row,
  participants,
  draftCheck,
  riotConfigured,
}: {
  row: ScrimMatchRow | null;
  participants: MatchParticipantRow[];
  draftCheck: DraftCheck | null;
  riotConfigured: boolean;
}): ScrimMatchResponse {
  const status: MatchStatus = row?.status ?? 'none';
  if (!row || row.status !== 'ready' || !row.matchId || !row.playedAt || !row.teams) return { status, riotConfigured };
  const teams = MATCH_SIDES.flatMap((side) => {
    const team = row.teams!.find((t) => t.side === side);
    if (!team) return [];
    return [
      {
        side,
        win: team.win,
        objectives: team.objectives,
        bans: team.bans,
        gold: team.gold,
        participants: participants.filter((p) => p.side === side).map(presentParticipant),
      },
    ];
  });
  return {
    status,
    riotConfigured,
    match: {
      matchId: row.matchId,
      durationSeconds: row.durationSeconds ?? 0,
      patch: row.patch ?? '',
      playedAt: row.playedAt.toISOString(),
      teams,
      draftCheck,
    },
  };
}

export const presentUserMatchRow = ({
  seriesId,
  seriesGameNumber,
  blueTeamId,
  blueTag,
  redTag,
  lineupTeamId,
  ...row
}: UserMatchPageRow): UserMatchRow => {
  // The player's team: the lineup they were in, else (a substitute from outside it) the side Riot saw them on,
  // blue being the series game's blue team.
  const onBlue = lineupTeamId ? lineupTeamId === blueTeamId : row.side === 'blue';
  return {
    ...row,
    matchId: row.matchId ?? '',
    playedAt: row.playedAt.toISOString(),
    teamGame:
      seriesId && seriesGameNumber !== null
        ? {
            seriesId,
            number: seriesGameNumber,
            teamTag: onBlue ? blueTag : redTag,
            opponentTag: onBlue ? redTag : blueTag,
          }
        : null,
  };
};

type Totals = Omit<UserChampionStats[number], 'champion'>;

export const presentChampionTotals = (rows: ({ champion: string } & Totals)[]): UserChampionStats => rows;

/** Per role in the order of ROLES (Top, Jungle, Mid, ADC, Support), only roles with games. */
export function presentRoleTotals(rows: ({ role: Role | null } & Totals)[]): UserRoleStats {
  return ROLES.flatMap((role) => {
    const row = rows.find((r) => r.role === role);
    return row ? [{ ...row, role }] : [];
  });
}
