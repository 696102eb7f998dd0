import { ROLES } from '../constants.js';

/*
 * A team's roles and limits. The teams' schemas enforce them and their texts quote them (texts/en/teams.ts), so
 * they sit below both.
 */

/** A roster's roles: the five positions, a substitute and a coach. */
export const TEAM_ROLES = [...ROLES, 'Sub', 'Coach'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_LIMIT_PER_USER = 3;
export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 32;
