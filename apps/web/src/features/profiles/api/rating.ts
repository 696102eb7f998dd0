import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleStats } from '@scrim-gym/shared';
import { api } from '../../../lib/api';
import { profileKeys } from './profile';

/**
 * A user's rating as `GET /api/users/:id/rating` answers it (the ratings module's route; this module is its one
 * owner on the web): the contract's `{ rating, mu, sigma, provisional, gamesRated, history }`, the same shape as
 * the shared `UserRating` schema. `before`/`after` are display ratings.
 */
export interface UserRatingView {
  rating: number;
  mu: number;
  sigma: number;
  provisional: boolean;
  gamesRated: number;
  history: { scrimId: string; before: number; after: number; at: string }[];
  /** The season's ratings are being recalculated: the card says so. */
  recalculating: boolean;
}

export const ratingKeys = {
  rating: (userId: string) => [...profileKeys.all, 'rating', userId] as const,
  roles: (userId: string) => [...profileKeys.all, 'roles', userId] as const,
};

export const getUserRating = (userId: string) => api.get<UserRatingView>(`/users/${userId}/rating`);

/** The user's rating in the current season and its history (the profile's rating card). */
export const userRatingQuery = (userId: string) =>
  queryOptions({ queryKey: ratingKeys.rating(userId), queryFn: () => getUserRating(userId) });

export function useUserRating(userId: string) {
  return useQuery(userRatingQuery(userId));
}

export const getRoleStats = (userId: string) => api.get<RoleStats>(`/users/${userId}/roles`);

/** The user's rated games and wins per role in the current season (the rating card's role distribution). */
export const roleStatsQuery = (userId: string) =>
  queryOptions({ queryKey: ratingKeys.roles(userId), queryFn: () => getRoleStats(userId) });

export function useRoleStats(userId: string) {
  return useQuery(roleStatsQuery(userId));
}
