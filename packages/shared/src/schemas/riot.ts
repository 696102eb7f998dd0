import { z } from 'zod';
import { REGIONS, SUMMONER_NAME_MAX } from '../constants.js';
import { FIELD_LABELS, MESSAGES } from '../texts/en/accounts.js';
import { currentUserSchema, taglineSchema } from './user.js';

/** Regions a Riot look-up accepts: every region (each is a Riot platform). */
export const riotRegionSchema = z.enum(REGIONS, {
  error: MESSAGES.fieldEmpty(FIELD_LABELS.region),
});

/** `GET /api/riot/summoner?gameName&tagLine&region`; a tagline with '#' is refused. */
export const summonerLookupQuerySchema = z.object({
  gameName: z
    .string({ error: MESSAGES.fieldEmpty(FIELD_LABELS.name) })
    .trim()
    .min(1, { error: MESSAGES.fieldEmpty(FIELD_LABELS.name), abort: true })
    .max(SUMMONER_NAME_MAX, `Summoner Name can be at most ${SUMMONER_NAME_MAX} characters`),
  tagLine: taglineSchema,
  region: riotRegionSchema,
});
export type SummonerLookupQuery = z.infer<typeof summonerLookupQuerySchema>;

export const rankedEntrySchema = z.object({
  queueType: z.string(),
  tier: z.string(),
  rank: z.string(),
});
export type RankedEntry = z.infer<typeof rankedEntrySchema>;

/** Spec: Summoner profile data. `fallback` is true when Riot could not be asked or did not answer. */
export const summonerProfileSchema = z.object({
  profileIconId: z.number().int(),
  summonerLevel: z.number().int(),
  rankedData: z.array(rankedEntrySchema),
  fallback: z.boolean(),
});
export type SummonerProfileData = z.infer<typeof summonerProfileSchema>;

/** Spec 8: when the look-up fails, the default icon, level 0 and no rank. */
export const SUMMONER_PROFILE_FALLBACK: SummonerProfileData = Object.freeze({
  profileIconId: 29,
  summonerLevel: 0,
  rankedData: [],
  fallback: true,
}) as SummonerProfileData;

export const DDRAGON_FALLBACK_VERSION = '14.24.1';

/**
 * `GET /api/riot/ddragon-version`: Data Dragon's current version and the origin to load its files from
 * (`DDRAGON_BASE_URL`; absent from older servers: the public https://ddragon.leagueoflegends.com).
 */
export const ddragonVersionSchema = z.object({ version: z.string(), baseUrl: z.string().optional() });
export type DdragonVersion = z.infer<typeof ddragonVersionSchema>;

/**
 * `DELETE /api/riot/link` and `POST /api/riot/link/refresh`: the signed-in user as it is now (verified or not,
 * with the rank and Riot ID Riot gave).
 */
export const riotLinkResponseSchema = z.object({ user: currentUserSchema });
export type RiotLinkResponse = z.infer<typeof riotLinkResponseSchema>;
