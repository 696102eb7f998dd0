import type { Region } from '@scrim-gym/shared';
import { profileQuery, type ProfileAddress } from '../../features/profiles/api/profile';
import { signedInUser, type RoutePrefetch } from './route-data';

/**
 * The profile's address as ProfilePage reads it. A region outside REGIONS is passed on as it is: the page refuses
 * it (and its key then differs from this one), so the prefetch of such an address is at worst one request lost.
 */
export const profileAddressFrom = (name: string, search: URLSearchParams): ProfileAddress => ({
  name,
  region: (search.get('region') || undefined) as Region | undefined,
  tagline: search.get('tagline') || undefined,
});

/**
 * /users/:name: the profile, then at once everything that needs its id (profile-details.ts, loading meanwhile);
 * the charts' code (recharts, a lazy chunk) starts loading now too, so they draw with the rest.
 */
export const prefetch: RoutePrefetch = async (queryClient, { params, search }) => {
  if (!params.name) return;
  const details = import('./profile-details');
  void import('../../features/profiles/charts/ProfileCharts').catch(() => {});
  const viewer = signedInUser(queryClient);
  const address = profileAddressFrom(params.name, search);
  const profile = await queryClient.ensureQueryData(profileQuery(address)).catch(() => null);
  if (!profile) return;
  const { prefetchProfileDetails } = await details;
  prefetchProfileDetails(queryClient, profile, (await viewer)?._id ?? null);
};
