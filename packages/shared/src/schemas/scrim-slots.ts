import { z } from 'zod';
import { ROLES, TEAMS } from '../constants.js';
import { regionSchema, rolePreferenceSchema } from './user.js';
import { roleSchema, scrimSchema, teamNameSchema } from './scrim.js';

export const playerDataSchema = z.object({
  playerData: z.object({ role: roleSchema, team: z.object({ name: teamNameSchema }) }),
});

/**
 * Joining a slot (insert-player). `leaveCast: true` (beyond the original app) switches a caster of the scrim to this
 * slot in one step: the cast is left and the slot taken in one transaction, or neither happens.
 */
export const joinSlotBodySchema = playerDataSchema.extend({ leaveCast: z.boolean().optional() });
export type JoinSlotBody = z.input<typeof joinSlotBodySchema>;

export const scrimUserParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid scrim id' }),
  userId: z.uuid({ error: 'Invalid user id' }),
});

export const adminAssignBodySchema = z.object(
  {
    userId: z.uuid({ error: 'Please select a user, team, and role' }),
    teamName: z.enum(TEAMS, { error: 'Please select a user, team, and role' }),
    role: z.enum(ROLES, { error: 'Please select a user, team, and role' }),
  },
  { error: 'Please select a user, team, and role' },
);

export const fillRandomBodySchema = z
  .object({ region: regionSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});

/**
 * `filledPositions`: how many slots were really filled. Beyond the spec: `unfilledPositions`, the empty slots
 * left, and `unfilledReason`, why (null when every slot was filled).
 */
export const fillRandomResponseSchema = z.object({
  filledPositions: z.number(),
  unfilledPositions: z.number(),
  unfilledReason: z.string().nullable(),
  scrim: scrimSchema,
});
export type FillRandomResponse = z.infer<typeof fillRandomResponseSchema>;

/** Drag one player onto a slot: they exchange places with its player, or move when it is empty. */
export const swapPlayersBodySchema = z.object({
  userId: z.uuid(),
  team: teamNameSchema,
  role: roleSchema,
});

/**
 * A balanced scrim's sign-up (POST /api/scrims/:id/signup): the roles wanted for this scrim, each defaulting to
 * the player's settings. No body at all is the same as `{}`.
 */
export const signupBodySchema = z
  .object({ primaryRole: rolePreferenceSchema.optional(), secondaryRole: rolePreferenceSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});
export type SignupBody = z.input<typeof signupBodySchema>;
