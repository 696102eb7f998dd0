/** Normalisation and keystroke rules for summoner names, taglines and discord names. */

/** Keeps only letters, digits and spaces, as the sign-up and settings fields do on each keystroke. */
export function sanitizeSummonerNameInput(value: string): string {
  return value.replace(/[^\p{L}\p{N} ]/gu, '');
}

/** Strips '#' and anything but letters and digits, capped at `max` characters. */
export function sanitizeTaglineInput(value: string, max = 5): string {
  return value.replace(/[^\p{L}\p{N}]/gu, '').slice(0, max);
}

export const SUMMONER_NAME_PATTERN = /^[\p{L}\p{N} ]+$/u;
export const TAGLINE_PATTERN = /^[\p{L}\p{N}]+$/u;

/**
 * Characters that draw nothing or rearrange what is drawn, so a name holding one can pass for another: controls
 * (Cc), format characters (Cf: zero-width space and joiners, word joiner, BOM, bidi embeddings, overrides and
 * isolates), default-ignorables that are letters or marks (Hangul fillers, variation selectors), line and
 * paragraph separators, lone surrogates, private use and unassigned code points.
 */
const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/u;

export const hasInvisibleCharacters = (text: string) => INVISIBLE_CHARACTER.test(text);

/** Discord names compare without case and without spaces before '#'. */
export function normalizeDiscord(discord: string): string {
  return discord.trim().replace(/\s+#/g, '#').toLowerCase();
}

/** Summoner names compare case-insensitively with inner runs of spaces folded. */
export function normalizeSummonerName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
