import type { Scrim } from '@scrim-gym/shared';

/**
 * Who runs a scrim on the web (its check-in, substitutes and cancel tools): admins, and the scrim's community
 * host. The server decides again (its `canRunScrim` in scrims.policy.ts); this only hides the tools from others.
 * The one place to swap for the hosts feature's helper.
 */
export const canRunScrim = (user: { _id: string; isAdmin: boolean } | null, scrim: Pick<Scrim, 'hostedBy'>) =>
  Boolean(user && (user.isAdmin || (scrim.hostedBy !== null && scrim.hostedBy._id === user._id)));
