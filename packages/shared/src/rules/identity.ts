/** Normalisation and keystroke rules for summoner names, taglines and discord names (spec 5). */

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

/** Discord names compare without case and without spaces before '#' (spec 5, Settings). */
export function normalizeDiscord(discord: string): string {
  return discord.trim().replace(/\s+#/g, '#').toLowerCase();
}

/** Summoner names compare case-insensitively with inner runs of spaces folded. */
export function normalizeSummonerName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
