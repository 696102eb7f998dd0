import { z } from 'zod';
import { REGIONS } from '../constants.js';
import { hasInvisibleCharacters, SUMMONER_NAME_PATTERN } from '../rules/identity.js';
import { TEAM_NAME_MAX, TEAM_NAME_MIN, TEAM_ROLES } from '../rules/team-limits.js';
import { TEAM_MESSAGES } from '../texts/en/teams.js';
import { idSchema } from './common.js';
import { socialUserSchema } from './social.js';

/*
 * Teams: a roster of players with roles, an owner and captains, joined through invite links. A user is on at most
 * TEAM_LIMIT_PER_USER teams; names and tags are unique per region under the user names' look-alike folding.
 */

export const TEAM_TAG_PATTERN = /^[A-Z0-9]{2,5}$/;
/** An invite link works for this long unless revoked first. */
export const TEAM_INVITE_DAYS = 7;
/** The web path an invite link opens; the token follows it. */
export const TEAM_JOIN_PATH = '/teams/join/';
export const TEAM_SEARCH_PAGE_SIZE = 20;

export const teamRoleSchema = z.enum(TEAM_ROLES, { error: TEAM_MESSAGES.roleInvalid });

const teamNameSchema = z
  .string({ error: TEAM_MESSAGES.nameInvalid })
  .trim()
  .min(TEAM_NAME_MIN, TEAM_MESSAGES.nameInvalid)
  .max(TEAM_NAME_MAX, TEAM_MESSAGES.nameInvalid)
  .regex(SUMMONER_NAME_PATTERN, TEAM_MESSAGES.nameInvalid)
  .refine((name) => !hasInvisibleCharacters(name), TEAM_MESSAGES.nameInvalid)
  .transform((name) => name.replace(/\s+/g, ' '));

const teamTagSchema = z.string({ error: TEAM_MESSAGES.tagInvalid }).regex(TEAM_TAG_PATTERN, TEAM_MESSAGES.tagInvalid);

const logoUrlSchema = z
  .url({ protocol: /^https$/, error: TEAM_MESSAGES.logoInvalid })
  .max(500, TEAM_MESSAGES.logoInvalid);

/** POST /api/teams. */
export const createTeamBodySchema = z.object({
  name: teamNameSchema,
  tag: teamTagSchema,
  region: z.enum(REGIONS, { error: `Region must be one of ${REGIONS.join(', ')}` }),
  logoUrl: logoUrlSchema.optional(),
});
export type CreateTeamBody = z.input<typeof createTeamBodySchema>;

/** PATCH /api/teams/:id: name, tag and logo (null removes the logo); the region stays. */
export const updateTeamBodySchema = z
  .object({
    name: teamNameSchema.optional(),
    tag: teamTagSchema.optional(),
    logoUrl: logoUrlSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), TEAM_MESSAGES.nothingToChange);
export type UpdateTeamBody = z.input<typeof updateTeamBodySchema>;

/**
 * PUT /api/teams/:id/members/:userId: the member's role and captaincy; `isOwner: true` (the owner only) hands the
 * ownership to that member, and the former owner stays a captain.
 */
export const updateTeamMemberBodySchema = z.object({
  role: teamRoleSchema,
  isCaptain: z.boolean({ error: 'isCaptain must be true or false' }),
  isOwner: z.literal(true, { error: 'isOwner can only be true: ownership is handed over, not dropped' }).optional(),
});
export type UpdateTeamMemberBody = z.input<typeof updateTeamMemberBodySchema>;

export const teamParamsSchema = z.object({ id: idSchema });
export const teamMemberParamsSchema = z.object({ id: idSchema, userId: idSchema });
export const teamInviteParamsSchema = z.object({ id: idSchema, inviteId: idSchema });
/** The invite token is 43 base64url characters (256 random bits). */
export const teamJoinParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, TEAM_MESSAGES.inviteNotFound),
});

/** GET /api/teams?region&q&cursor: every region when absent; `q` matches names and tags, look-alikes included. */
export const teamSearchQuerySchema = z.object({
  region: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(REGIONS, { error: `Region must be one of ${REGIONS.join(', ')}` }).optional(),
  ),
  q: z.string().trim().max(TEAM_NAME_MAX).optional(),
  cursor: z.string().max(200).optional(),
});
export type TeamSearchQuery = z.input<typeof teamSearchQuerySchema>;

export const teamMemberSchema = z.object({
  user: socialUserSchema,
  role: teamRoleSchema,
  isCaptain: z.boolean(),
  isOwner: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The team's OpenSkill rating; `display` is on the players' 0–3000 scale. */
export const teamRatingSchema = z.object({
  mu: z.number(),
  sigma: z.number(),
  display: z.number().int(),
  provisional: z.boolean(),
});

/** Shown up for series: zeros until the team has played one. */
export const teamReliabilitySchema = z.object({
  score: z.number().int().nullable(),
  played: z.number().int(),
  lateCancels: z.number().int(),
  noShows: z.number().int(),
});

/** A team as lists show it. */
export const teamSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  tag: z.string(),
  region: z.enum(REGIONS),
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number().int(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamSchema = teamSummarySchema.omit({ memberCount: true }).extend({
  members: z.array(teamMemberSchema),
  rating: teamRatingSchema,
  reliability: teamReliabilitySchema,
  record: z.object({ wins: z.number().int(), losses: z.number().int() }),
});
export type Team = z.infer<typeof teamSchema>;

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

/** A team as a signed-in viewer is answered it: with what they may do. */
export const teamViewSchema = teamSchema.extend({ can: teamAbilitiesSchema });
export type TeamView = z.infer<typeof teamViewSchema>;

export const teamResponseSchema = z.object({ team: teamViewSchema });
export const teamSearchResponseSchema = z.object({
  rows: z.array(teamSummarySchema),
  nextCursor: z.string().nullable(),
});
export const userTeamsResponseSchema = z.object({ teams: z.array(teamSummarySchema) });

/** POST /api/teams/:id/invites → 201: the link to share (`url`) and its token. */
export const teamInviteSchema = z.object({
  _id: z.string(),
  url: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/**
 * GET /api/teams/:id/invites → a captain's view of the team's open links (neither revoked nor expired), newest
 * first. The token is never stored, so a link is shown whole only once, when made: here it is named by when it
 * was made, by whom, and until when it works, so that it can be revoked.
 */
export const openTeamInviteSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type OpenTeamInvite = z.infer<typeof openTeamInviteSchema>;
export const openTeamInvitesResponseSchema = z.object({ invites: z.array(openTeamInviteSchema) });
