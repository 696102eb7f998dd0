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

/** The accents of Latin, Greek and Cyrillic letters once decomposed (NFD): 'á' is 'a' and U+0301. */
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
/** Whatever is neither a letter (nor its mark) nor a digit: spaces and punctuation do not part two names. */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]/gu;
/**
 * Digits read as letters ('Fak3r' is 'Faker'), onto the skeleton's own prototypes: it already writes '0' as 'o'
 * and '1', 'I' and 'l' as 'l', so 'i' joins them too. Digits that read as no letter (2, 6, 9) stay.
 */
const READ_AS_LETTER: Record<string, string> = { '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', i: 'l' };
const READ_AS_LETTER_PATTERN = new RegExp(`[${Object.keys(READ_AS_LETTER).join('')}]`, 'g');

/**
 * The look-alike key of a summoner name: besides the skeleton's look-alikes, a name with its spaces or
 * punctuation removed, its accents dropped ('Fáker') or letters written as digits ('Fak3r', 'Faker1') is the
 * same name. Summoner names are unique per region under this key (users_name_skeleton_region_uq).
 */
export const nameSkeleton = (name: string) =>
  lookalikeKey(name, normalizeSummonerName)
    .normalize('NFD')
    .replace(COMBINING_DIACRITICS, '')
    .replace(SEPARATORS, '')
    .replace(READ_AS_LETTER_PATTERN, (c) => READ_AS_LETTER[c]!);

/** Discord names are unique under this key (users_discord_skeleton_uq). */
export const discordSkeleton = (discord: string) => lookalikeKey(discord, normalizeDiscord);

/** The look-alike columns for whichever of name and discord `fields` sets; to be written with them, always. */
export function lookalikeColumns(fields: { name?: string; discord?: string }) {
  return {
    ...(fields.name !== undefined && { nameSkeleton: nameSkeleton(fields.name) }),
    ...(fields.discord !== undefined && { discordSkeleton: discordSkeleton(fields.discord) }),
  };
}
