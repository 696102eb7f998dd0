import { z } from 'zod';
import { teamSchema } from './team.js';

/**
 * What the viewer may do with a team, decided by the server's team policy and sent with the team, so the page
 * shows only what the server allows: captains edit, invite and manage members; the owner deletes the team and
 * hands the ownership over; a member who is not the owner leaves.
 */
export const TEAM_ABILITIES = ['edit', 'invite', 'manageMembers', 'transferOwnership', 'delete', 'leave'] as const;
export type TeamAbility = (typeof TEAM_ABILITIES)[number];

export const teamAbilitiesSchema = z.object(
  Object.fromEntries(TEAM_ABILITIES.map((ability) => [ability, z.boolean()])) as Record<TeamAbility, z.ZodBoolean>,
);
export type TeamAbilities = z.infer<typeof teamAbilitiesSchema>;

/** A team as its page shows it to a signed-in viewer. */
export const teamViewSchema = teamSchema.extend({ can: teamAbilitiesSchema });
export type TeamView = z.infer<typeof teamViewSchema>;
export const teamViewResponseSchema = z.object({ team: teamViewSchema });
