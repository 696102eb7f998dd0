import { z } from 'zod';
import {
  BACKGROUND_BLURS,
  BACKGROUND_IMAGES,
  DISCORD_MAX,
  REGIONS,
  ROLE_PREFERENCES,
  SUMMONER_NAME_MAX,
  TAGLINE_MAX,
} from '../constants.js';
import { FIELD_LABELS, MESSAGES } from '../texts/en/accounts.js';
import { SUMMONER_NAME_PATTERN, TAGLINE_PATTERN, hasInvisibleCharacters } from '../rules/identity.js';
import { isValidRank } from '../rules/rank.js';

/*
 * A user: the fields of an account (each checked alone, for the sign-up and Settings forms) and the user as the API
 * returns it, to anyone signed in or to the user themselves. Searching users is user-search.ts.
 */

const required = (label: string) => ({ error: MESSAGES.fieldEmpty(label) });

/**
 * A required trimmed text: empty or missing gives the catalogue's '{field} is empty!', and only that (the later
 * checks would add a second, confusing message for the same empty field).
 */
const requiredText = (label: string) =>
  z
    .string(required(label))
    .trim()
    .min(1, { ...required(label), abort: true });

/** Refuses zero-width, bidi and other invisible characters (rules/identity.ts), first and alone. */
const visibleOnly = (label: string) => ({
  message: `${label} cannot contain invisible or control characters`,
  abort: true,
});

export const summonerNameSchema = requiredText(FIELD_LABELS.name)
  .refine((name) => !hasInvisibleCharacters(name), visibleOnly(FIELD_LABELS.name))
  .max(SUMMONER_NAME_MAX, `Summoner Name can be at most ${SUMMONER_NAME_MAX} characters`)
  .regex(SUMMONER_NAME_PATTERN, 'Summoner Name accepts only letters, digits and spaces')
  .transform((name) => name.replace(/\s+/g, ' '));

export const taglineSchema = requiredText(FIELD_LABELS.summonerTagline)
  .refine((tag) => !tag.includes('#'), MESSAGES.taglineHash)
  .pipe(
    z
      .string()
      .max(TAGLINE_MAX, `Tagline can be at most ${TAGLINE_MAX} characters`)
      .regex(TAGLINE_PATTERN, 'Tagline accepts only letters and digits'),
  );

export const regionSchema = z.enum(REGIONS, required(FIELD_LABELS.region));

export const discordSchema = requiredText(FIELD_LABELS.discord)
  .refine((discord) => !hasInvisibleCharacters(discord), visibleOnly(FIELD_LABELS.discord))
  .max(DISCORD_MAX, `Discord can be at most ${DISCORD_MAX} characters`);

export const rankSchema = requiredText(FIELD_LABELS.rank).refine(isValidRank, 'Rank is not a valid rank');

/** A preferred role (Settings, sign-up, a balanced scrim's sign-up): a role, or Fill (any). */
export const rolePreferenceSchema = z.enum(ROLE_PREFERENCES, {
  error: 'Role must be one of Top, Jungle, Mid, ADC, Support, Fill',
});

/** Where a user's rank comes from: Riot (league-v4's Solo/Duo, for the Riot ID or a linked account) or the user's typing. */
export const RANK_SOURCES = ['riot', 'self'] as const;
export type RankSource = (typeof RANK_SOURCES)[number];

export const backgroundImageSchema = z.enum(BACKGROUND_IMAGES);
export const backgroundBlurSchema = z.enum(BACKGROUND_BLURS.map((b) => b.value) as [string, ...string[]]);

export const banSummarySchema = z.object({
  isActive: z.boolean(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  _bannedBy: z.string().nullable(),
});

/** What anyone signed in may know of a user. */
export const publicUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  summonerTagline: z.string(),
  region: z.enum(REGIONS),
  rank: z.string(),
  discord: z.string(),
  isAdmin: z.boolean(),
  isDonator: z.boolean(),
  profileBackgroundImg: z.string(),
  profileBackgroundBlur: z.string(),
  createdAt: z.string(),
  /** The Riot account is linked through Riot Sign On (the verified badge). */
  verified: z.boolean(),
  /** 'riot' once Riot's Solo/Duo rank was read for the account (`rank` is then Riot's); 'self' for a typed rank. */
  rankSource: z.enum(RANK_SOURCES),
  /** The typed rank, only when Riot's rank counts and differs from it: a secondary "self-reported" note. */
  selfReportedRank: z.string().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What the signed-in user gets of their own account. */
export const currentUserSchema = publicUserSchema.extend({
  uid: z.string(),
  email: z.string(),
  canSendEmailsToUser: z.boolean(),
  lastLoggedIn: z.string().nullable(),
  currentBan: banSummarySchema,
  primaryRole: rolePreferenceSchema,
  secondaryRole: rolePreferenceSchema,
  /** The linked Riot account: when it was linked and when its rank was last read from Riot (null: unlinked). */
  riotAccount: z.object({ linkedAt: z.string(), rankRefreshedAt: z.string().nullable() }).nullable(),
  /** The regions the user is a community host of: they create and run their own scrims there. */
  hostRegions: z.array(z.enum(REGIONS)),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
