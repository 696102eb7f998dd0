import { DEFAULT_ACTIVITY_PRESET, type UserProfile } from '@scrim-gym/shared';
import type { QueryClient } from '@tanstack/react-query';
import { activityQuery } from '../../features/profiles/api/activity';
import { friendStatusQuery } from '../../features/profiles/api/friends';
import { userStatsQuery } from '../../features/profiles/api/scrim-lists';
import { ddragonVersionQuery, summonerQuery } from '../../features/profiles/api/summoner';

/**
 * What a profile's page reads once it knows the profile's id, all at once: stats, activity, Riot data and (on
 * someone else's profile) the friend state. A chunk apart from profile.ts, so that the profile's own request
 * does not wait for this code (it needs the shared package's constants).
 */
export function prefetchProfileDetails(queryClient: QueryClient, profile: UserProfile, viewerId: string | null) {
  void queryClient.prefetchQuery(ddragonVersionQuery);
  void queryClient.prefetchInfiniteQuery(userStatsQuery(profile._id));
  void queryClient.prefetchQuery(activityQuery(profile._id, { preset: DEFAULT_ACTIVITY_PRESET }));
  void queryClient.prefetchQuery(summonerQuery(profile));
  if (viewerId !== profile._id) void queryClient.prefetchQuery(friendStatusQuery(profile._id));
}
