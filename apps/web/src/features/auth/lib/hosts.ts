import { REGIONS, type CurrentUser, type Region, type Scrim } from '@scrim-gym/shared';

/** What the permission helpers read of the session user (no host regions: hosts none). */
type SessionUser = (Pick<CurrentUser, '_id' | 'isAdmin'> & { hostRegions?: readonly Region[] }) | null | undefined;

const hosted = (user: NonNullable<SessionUser>) => user.hostRegions ?? [];

/**
 * Who runs a scrim (its edit, slot, fill, kick, winner and image tools), as the server decides it (canRunScrim in
 * scrims.policy.ts): an admin, or the community host who created it while they still host its region.
 */
export const canRunScrim = (user: SessionUser, scrim: Pick<Scrim, 'hostedBy' | 'region'>) =>
  Boolean(user && (user.isAdmin || (scrim.hostedBy?._id === user._id && hosted(user).includes(scrim.region))));

/** Admins and community hosts create scrims ("Create Scrim"). */
export const mayCreateScrims = (user: SessionUser) => Boolean(user && (user.isAdmin || hosted(user).length > 0));

/** The regions the user may create scrims in: every region for an admin, the regions they host otherwise. */
export const creatableRegions = (user: SessionUser): readonly Region[] =>
  !user ? [] : user.isAdmin ? REGIONS : REGIONS.filter((region) => hosted(user).includes(region));
