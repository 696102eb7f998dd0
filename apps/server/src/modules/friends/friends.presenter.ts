import type { FriendRequest, SocialUser } from '@scrim-gym/shared';
import { users } from '../../db/schema/index.js';

/** The user columns every social answer shows (friends, requests, notifications, conversations). */
export const socialUserColumns = (table: typeof users = users) => ({
  id: table.id,
  name: table.name,
  summonerTagline: table.summonerTagline,
  region: table.region,
  rank: table.rank,
});
export type SocialUserRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'summonerTagline' | 'region' | 'rank'>;

export const toSocialUser = (user: SocialUserRow): SocialUser => ({
  _id: user.id,
  name: user.name,
  summonerTagline: user.summonerTagline,
  region: user.region,
  rank: user.rank,
});

export const presentFriendRequest = (request: {
  id: string;
  sender: SocialUserRow;
  createdAt: Date;
}): FriendRequest => ({
  _id: request.id,
  _user: toSocialUser(request.sender),
  createdAt: request.createdAt.toISOString(),
});
