/**
 * The MVP of a match (docs/match-stats.md): the player of the winning team with the highest score
 *
 *   score = KDA + 10 × kill participation + 5 × damage share + vision score per minute
 *
 * where KDA = (kills + assists) / max(1, deaths), kill participation = (kills + assists) / the team's kills
 * (0 when the team killed nobody, at most 1), damage share = damage to champions / the team's damage to
 * champions (0 when the team dealt none), and minutes = the game's duration in minutes (at least 1). Scores
 * are compared rounded to 3 decimals; a tie goes to more damage, then more kills, then fewer deaths, then the
 * smaller PUUID, so the same match always gives the same MVP. No team won (a remake): no MVP.
 */
export interface MvpPlayer {
  puuid: string;
  kills: number;
  deaths: number;
  assists: number;
  damage: number;
  vision: number;
}

export interface MvpTeam<P extends MvpPlayer = MvpPlayer> {
  side: 'blue' | 'red';
  win: boolean;
  participants: readonly P[];
}

export const MVP_WEIGHTS = { killParticipation: 10, damageShare: 5, visionPerMinute: 1 } as const;

/** One player's score within their team (see above). */
export function mvpScore(player: MvpPlayer, team: readonly MvpPlayer[], durationSeconds: number): number {
  const teamKills = team.reduce((sum, p) => sum + p.kills, 0);
  const teamDamage = team.reduce((sum, p) => sum + p.damage, 0);
  const kda = (player.kills + player.assists) / Math.max(1, player.deaths);
  const killParticipation = teamKills > 0 ? Math.min(1, (player.kills + player.assists) / teamKills) : 0;
  const damageShare = teamDamage > 0 ? player.damage / teamDamage : 0;
  const visionPerMinute = player.vision / Math.max(1, durationSeconds / 60);
  const score =
    kda +
    MVP_WEIGHTS.killParticipation * killParticipation +
    MVP_WEIGHTS.damageShare * damageShare +
    MVP_WEIGHTS.visionPerMinute * visionPerMinute;
  return Math.round(score * 1000) / 1000;
}

/** The MVP of the match and their score, or null when no team won or the winners have no players. */
export function pickMvp<P extends MvpPlayer>(match: {
  durationSeconds: number;
  teams: readonly MvpTeam<P>[];
}): { player: P; side: 'blue' | 'red'; score: number } | null {
  const winners = match.teams.find((team) => team.win);
  if (!winners || winners.participants.length === 0) return null;
  const ranked = winners.participants
    .map((player) => ({ player, score: mvpScore(player, winners.participants, match.durationSeconds) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.player.damage - a.player.damage ||
        b.player.kills - a.player.kills ||
        a.player.deaths - b.player.deaths ||
        (a.player.puuid < b.player.puuid ? -1 : a.player.puuid > b.player.puuid ? 1 : 0),
    );
  const best = ranked[0]!;
  return { player: best.player, side: winners.side, score: best.score };
}
