import type { TeamName } from '@scrim-gym/shared';

/**
 * Each team's colour: its heading in the card, the winner banner, the win probability. A module of its own: the
 * collapsed card's parts use it without importing TeamList (and the slots, in the expanded card's chunk).
 */
export const TEAM_COLORS: Record<TeamName, string> = { teamOne: '#5bb5f0', teamTwo: '#f28b82' };
