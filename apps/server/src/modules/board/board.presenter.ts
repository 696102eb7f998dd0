import { RANK_LADDER, type ScrimPost, type ScrimRequest, type Series, type TeamCard } from '@scrim-gym/shared';
import type { ScrimPostRow, ScrimRequestRow, SeriesRow, SeriesTeamRow } from './board.repository.js';

const rankAt = (step: number | null) => (step === null ? null : (RANK_LADDER[step] ?? null));

export const toScrimPost = ({
  post,
  team,
  requestCount,
}: {
  post: ScrimPostRow;
  team: TeamCard;
  requestCount: number;
}): ScrimPost => ({
  _id: post.id,
  team,
  region: post.region,
  startsAt: post.startsAt.toISOString(),
  format: post.format,
  fearless: post.fearless,
  rankMin: rankAt(post.rankMin),
  rankMax: rankAt(post.rankMax),
  note: post.note,
  status: post.status,
  requestCount,
  createdAt: post.createdAt.toISOString(),
});

export const toScrimRequest = ({ request, team }: { request: ScrimRequestRow; team: TeamCard }): ScrimRequest => ({
  _id: request.id,
  postId: request.postId,
  team,
  note: request.note,
  status: request.status,
  createdAt: request.createdAt.toISOString(),
});

/**
 * A series with its two teams, blue side of game 1 first. Lineups and games are not stored yet: every team's
 * lineup is empty and its score 0 until they are.
 */
export const toSeries = ({
  row,
  teams,
  cards,
}: {
  row: SeriesRow;
  teams: SeriesTeamRow[];
  cards: Map<string, TeamCard>;
}): Series => ({
  _id: row.id,
  postId: row.postId,
  region: row.region,
  format: row.format,
  fearless: row.fearless,
  startsAt: row.startsAt.toISOString(),
  status: row.status,
  teams: teams.map((team) => ({
    team: (team.teamId && cards.get(team.teamId)) || null,
    side: team.side,
    lineup: [],
    score: team.score,
  })),
  games: [],
  createdAt: row.createdAt.toISOString(),
});
