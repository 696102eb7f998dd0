import { REGIONS, type Region } from '@scrim-gym/shared';

/** The user's own region first. Apart from the profile form, whose validation pulls in zod. */
export function regionsFirst(own?: Region | ''): Region[] {
  return own ? [own, ...REGIONS.filter((r) => r !== own)] : [...REGIONS];
}
