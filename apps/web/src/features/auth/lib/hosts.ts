import { REGIONS, hostsRegion, type CurrentUser, type Region } from '@scrim-gym/shared';

/** What the permission helpers read of the session user (no host regions: hosts none). */
export type SessionUser =
  (Pick<CurrentUser, '_id' | 'isAdmin'> & { hostRegions?: readonly Region[] }) | null | undefined;

const hosted = (user: NonNullable<SessionUser>) => user.hostRegions ?? [];

/** Admins and community hosts create scrims ("Create Scrim"). */
export const mayCreateScrims = (user: SessionUser) => Boolean(user && (user.isAdmin || hosted(user).length > 0));

/** The regions the user may create scrims in: every region for an admin, the regions they host otherwise. */
export const creatableRegions = (user: SessionUser): readonly Region[] =>
  !user ? [] : REGIONS.filter((region) => hostsRegion(user, region));
