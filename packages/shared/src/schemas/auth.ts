import { z } from 'zod';
import {
  backgroundBlurSchema,
  backgroundImageSchema,
  currentUserSchema,
  discordSchema,
  rankSchema,
  regionSchema,
  rolePreferenceSchema,
  summonerNameSchema,
  taglineSchema,
} from './user.js';

export const profileFieldsSchema = z.object({
  name: summonerNameSchema,
  summonerTagline: taglineSchema,
  region: regionSchema,
  discord: discordSchema,
  rank: rankSchema,
  canSendEmailsToUser: z.boolean().default(false),
});
export type ProfileFields = z.input<typeof profileFieldsSchema>;

/**
 * POST /auth/register. `uid` and `email` are accepted for the original client but the server takes them from
 * the verified identity of the session and answers 403 when they differ.
 */
export const registerBodySchema = profileFieldsSchema.extend({
  uid: z.string().optional(),
  email: z.string().optional(),
  primaryRole: rolePreferenceSchema.default('Fill'),
  secondaryRole: rolePreferenceSchema.default('Fill'),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** POST /auth/login: the original client sends {email, uid}; scripts with a Bearer token may send no body at all. */
export const loginBodySchema = z
  .object({ email: z.string().optional(), uid: z.string().optional() })
  .nullish()
  .transform((body) => body ?? {});

export const devLoginBodySchema = z.object({
  email: z
    .email('Enter a valid email address')
    .max(254)
    .transform((e) => e.toLowerCase()),
});

/** PUT /auth/update-user: every field optional; only the ones sent change. */
export const updateUserBodySchema = profileFieldsSchema.partial().extend({
  // No default here: zod 4 applies an inner default even under .partial(), which would reset the consent.
  canSendEmailsToUser: z.boolean().optional(),
  adminKey: z.string().max(200).optional(),
  profileBackgroundImg: backgroundImageSchema.optional(),
  profileBackgroundBlur: backgroundBlurSchema.optional(),
  primaryRole: rolePreferenceSchema.optional(),
  secondaryRole: rolePreferenceSchema.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
export const sessionResponseSchema = z.object({ token: z.string(), user: currentUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** The state of the browser's session: signed out, a verified identity without an account, or a user. */
export const authStateSchema = z.object({
  token: z.string().nullable(),
  user: currentUserSchema.nullable(),
  identity: z.object({ provider: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const authProvidersSchema = z.object({
  providers: z.array(z.object({ id: z.string(), label: z.string() })),
  devLogin: z.boolean(),
  /** Whether this server can make tournament codes (a Riot API key is configured). */
  tournamentCodes: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** GET /api/auth/name-availability: what sign-up would say of a summoner name, asked as it is typed. */
export const nameAvailabilityQuerySchema = z.object({
  // Longer than any valid name, so a too-long one is answered as invalid with the field's own message.
  name: z.string().max(64),
  region: regionSchema,
});
export type NameAvailabilityQuery = z.infer<typeof nameAvailabilityQuerySchema>;
export const nameAvailabilitySchema = z.object({
  available: z.boolean(),
  /** Why not: another account holds it ('taken'), or one whose name looks the same ('lookalike'). */
  reason: z.enum(['taken', 'lookalike', 'invalid']).optional(),
  /** The field's message for `reason`: the one sign-up itself would give. */
  message: z.string().optional(),
});
export type NameAvailability = z.infer<typeof nameAvailabilitySchema>;

export const serverStatusSchema = z.object({ isServerUp: z.boolean() });
