import { shownReliability, type Team, type TeamCard, type TeamSummary, type TeamView } from '@scrim-gym/shared';
import { toUserSummary } from '../../lib/user-summary.js';
import type { Rating, TeamStanding } from '../ratings/index.js';
import { displayRating, rankOfRating } from '../ratings/index.js';
import { teamAbilities } from './teams.policy.js';
import type { ReliabilityCounts, RosterRow, TeamCardRow, TeamRow, TeamSummaryRow } from './teams.repository.js';

export const toTeamSummary = (row: TeamSummaryRow): TeamSummary => ({
  _id: row.id,
  name: row.name,
  tag: row.tag,
  region: row.region,
  logoUrl: row.logoUrl,
  createdAt: row.createdAt.toISOString(),
  memberCount: row.memberCount,
});

/**
 * A team's reliability over its last decided series: the share it played of those it played, cancelled late or did
 * not show up for, as a whole percentage, shown once it has RELIABILITY_MIN_COMMITMENTS of them (null before, as
 * players' is).
 */
export const reliabilityOf = (counts: ReliabilityCounts | undefined) => {
  const { played = 0, lateCancels = 0, noShows = 0 } = counts ?? {};
  const decided = played + lateCancels + noShows;
  const kept = decided === 0 ? null : Math.round((100 * played) / decided);
  return { score: shownReliability(kept, decided), played, lateCancels, noShows };
};

/** A team on a card (the board, a series): its rating as the rank on the ladder it stands for. */
export const toTeamCard = ({
  team,
  rating,
  reliability,
}: {
  team: TeamCardRow;
  rating: Rating;
  reliability: ReliabilityCounts | undefined;
}): TeamCard => ({
  _id: team.id,
  name: team.name,
  tag: team.tag,
  logoUrl: team.logoUrl,
  region: team.region,
  rank: rankOfRating(rating),
  reliability: reliabilityOf(reliability),
});

/**
 * The whole team. Its rating is its current season's once a series game moved it, else the seed from the roster
 * (`standing` then has no games: provisional, a 0–0 record); provisional as a player's is, for its first
 * PROVISIONAL_GAMES rated games. The record counts the current season's rated series games, as the rating does.
 * Reliability counts its decided series (reliabilityOf).
 */
export const toTeam = ({
  team,
  roster,
  standing,
  reliability,
}: {
  team: TeamRow;
  roster: RosterRow[];
  standing: TeamStanding;
  reliability: ReliabilityCounts | undefined;
}): Team => ({
  _id: team.id,
  name: team.name,
  tag: team.tag,
  region: team.region,
  logoUrl: team.logoUrl,
  createdAt: team.createdAt.toISOString(),
  members: roster.map((m) => ({
    user: toUserSummary(m.user),
    role: m.role,
    isCaptain: m.isCaptain,
    isOwner: m.isOwner,
    joinedAt: m.joinedAt.toISOString(),
  })),
  rating: {
    mu: standing.rating.mu,
    sigma: standing.rating.sigma,
    display: displayRating(standing.rating),
    provisional: standing.provisional,
  },
  reliability: reliabilityOf(reliability),
  record: { wins: standing.wins, losses: standing.losses },
});

/** The team as `viewerId` is answered it: with what they may do (`can`), read off their place on the roster. */
export function teamFor(team: Team, viewerId: string): TeamView {
  const membership = team.members.find((member) => member.user._id === viewerId) ?? null;
  return { ...team, can: teamAbilities(membership) };
}
