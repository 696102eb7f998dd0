import { normalizeDiscord, normalizeSummonerName } from '@scrim-gym/shared';
import unhomoglyph from 'unhomoglyph';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The skeleton of Unicode TS #39 (its internalSkeleton): NFD, default-ignorable characters (zero-width and the
 * like) removed, every character replaced by its prototype from Unicode's confusables.txt (shipped by
 * unhomoglyph), NFD again. Texts that look alike have equal skeletons ('Fаker' with a Cyrillic а and 'Faker'); a
 * skeleton is for comparing, never for display. Server-only: the table is ~100 KB.
 */
export const skeleton = (text: string) =>
  unhomoglyph(text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')).normalize('NFD');

/**
 * The key under which two texts are one name: NFKC first (fullwidth 'Ｆ' and math-bold '𝐅' become 'F'), the
 * skeleton before case folding (so 'I' meets 'l' and 'O' meets '0', which lower case would part), then the
 * shared comparison rule (case, spaces), then the skeleton again, as lower case may give a confusable itself.
 */
const lookalikeKey = (text: string, fold: (text: string) => string) => skeleton(fold(skeleton(text.normalize('NFKC'))));

/** Summoner names are unique per region under this key (users_name_skeleton_region_uq). */
export const nameSkeleton = (name: string) => lookalikeKey(name, normalizeSummonerName);

/** Discord names are unique under this key (users_discord_skeleton_uq). */
export const discordSkeleton = (discord: string) => lookalikeKey(discord, normalizeDiscord);

/** The look-alike columns for whichever of name and discord `fields` sets; to be written with them, always. */
export function lookalikeColumns(fields: { name?: string; discord?: string }) {
  return {
    ...(fields.name !== undefined && { nameSkeleton: nameSkeleton(fields.name) }),
    ...(fields.discord !== undefined && { discordSkeleton: discordSkeleton(fields.discord) }),
  };
}
