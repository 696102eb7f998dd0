import { TEAM_LABELS, type TeamName } from '../constants.js';
import type { MatchSide } from '../schemas/match.js';

/**
 * The one name of a team wherever a person reads it (pages, toasts, Discord posts, notifications): the spec's
 * "Team One (Blue Side)" and "Team Two (Red Side)". Texts the spec words otherwise (the started banner's upper case,
 * "Team 1" in the not-enough-players line) keep the spec's words.
 */
export const teamDisplayName = (team: TeamName): string => TEAM_LABELS[team];

/** A Riot game's side is the scrim's team: blue is teamOne, red is teamTwo. */
export const teamOfSide = (side: MatchSide): TeamName => (side === 'blue' ? 'teamOne' : 'teamTwo');
