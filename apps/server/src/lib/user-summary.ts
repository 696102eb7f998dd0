import type { SocialUser } from '@scrim-gym/shared';

/** The row `userSummaryColumns()` (`db/user-summary.ts`) selects. */
export interface UserSummaryRow {
  id: string;
  name: string;
  summonerTagline: string;
  region: SocialUser['region'];
  rank: string;
}

/** A user as cards and lists show them: `{ _id, name, summonerTagline, region, rank }`. */
export const toUserSummary = (user: UserSummaryRow): SocialUser => ({
  _id: user.id,
  name: user.name,
  summonerTagline: user.summonerTagline,
  region: user.region,
  rank: user.rank,
});
