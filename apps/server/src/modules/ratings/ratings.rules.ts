import { RESULT_MESSAGES, VERIFIED_PLAYERS_TO_RATE, type UnratedReason } from '@scrim-gym/shared';
import type { AppConfig } from '../../config.js';

/**
 * What a confirmed result needs to move ratings. A rating moves only on a result the other side could dispute:
 * a private scrim's players were chosen by its host, so it is never rated; and when Riot Sign On is configured,
 * ten alt accounts could confirm each other's results, so at least VERIFIED_PLAYERS_TO_RATE of the ten players
 * must have proved their Riot account. The leaderboard then lists verified accounts only.
 */
export interface RatingRules {
  /** Riot Sign On is configured: verified players count (for rating and the leaderboard). */
  verifiedOnly: boolean;
}

/** The rules of a server: Riot Sign On is configured when its OIDC provider ('riot') is. */
export const ratingRulesFor = (config: Pick<AppConfig, 'oidcProviders'>): RatingRules => ({
  verifiedOnly: config.oidcProviders.some((provider) => provider.id === 'riot'),
});

/**
 * Why a scrim's confirmed result moves no rating, or null when it is rated. `players`: the ten players, each
 * with whether their Riot account is verified (linked by Riot Sign On).
 */
export function unratedReasonOf(
  scrim: { isPrivate: boolean },
  players: { verified: boolean }[],
  rules: RatingRules,
): UnratedReason | null {
  if (scrim.isPrivate) return 'private';
  if (rules.verifiedOnly && players.filter((p) => p.verified).length < VERIFIED_PLAYERS_TO_RATE) return 'unverified';
  return null;
}

/** The API's `result.unrated`: the reason and its text, or null when rated. */
export const presentUnrated = (reason: UnratedReason | null) =>
  reason && { reason, message: RESULT_MESSAGES.unrated[reason] };
