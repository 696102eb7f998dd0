import { TEAM_MESSAGES, type TeamAbilities } from '@scrim-gym/shared';
import { forbidden } from '../../lib/errors.js';
import type { TeamMemberRow } from './teams.repository.js';

type Membership = Pick<TeamMemberRow, 'isCaptain' | 'isOwner'> | null;

/**
 * A captain of the team (the owner is always one): edits the team, sets roles and captains, invites and removes
 * members. Admins have no team powers: a team is its players' own, and bans are how admins act on people.
 */
export function assertTeamCaptain(membership: Membership): asserts membership is NonNullable<Membership> {
  if (!membership?.isCaptain) throw forbidden(TEAM_MESSAGES.notCaptain, 'NOT_TEAM_CAPTAIN');
}

/** The team's owner: deletes the team and hands the ownership over. */
export function assertTeamOwner(membership: Membership): asserts membership is NonNullable<Membership> {
  if (!membership?.isOwner) throw forbidden(TEAM_MESSAGES.notOwner, 'NOT_TEAM_OWNER');
}

/**
 * What a viewer may do with the team, from the same membership facts the assertions above check: sent with the
 * team, so the page offers exactly what the routes allow. The owner leaves only after handing the team over.
 */
export function teamAbilities(membership: Membership): TeamAbilities {
  const captain = Boolean(membership?.isCaptain);
  const owner = Boolean(membership?.isOwner);
  return {
    edit: captain,
    invite: captain,
    manageMembers: captain,
    transferOwnership: owner,
    delete: owner,
    leave: Boolean(membership) && !owner,
  };
}
