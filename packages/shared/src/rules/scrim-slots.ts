import { ROLES, TEAMS, TEAM_SIZE, type Role, type TeamName } from '../constants.js';

export interface Slot {
  team: TeamName;
  role: Role;
}

type Occupied = { team: TeamName | null; role: Role | null }[];

/** Roles still free in a team, in the order Top, Jungle, Mid, ADC, Support. */
export function freeRoles(players: Occupied, team: TeamName): Role[] {
  const taken = new Set(players.filter((p) => p.team === team).map((p) => p.role));
  return ROLES.filter((role) => !taken.has(role));
}

/** Empty slots in the order Top…Support of teamOne, then of teamTwo. */
export function emptySlots(players: Occupied): Slot[] {
  return TEAMS.flatMap((team) => freeRoles(players, team).map((role) => ({ team, role })));
}

export function teamCount(players: Occupied, team: TeamName): number {
  return players.filter((p) => p.team === team).length;
}

export function areTeamsFull(players: Occupied): boolean {
  return TEAMS.every((team) => teamCount(players, team) >= TEAM_SIZE);
}

/** Roles with a free slot in either team, in the order Top…Support (none: the scrim is full). */
export function openRoles(players: Occupied): Role[] {
  const open = new Set(emptySlots(players).map((slot) => slot.role));
  return ROLES.filter((role) => open.has(role));
}
