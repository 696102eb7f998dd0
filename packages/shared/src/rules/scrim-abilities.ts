import type { Region } from '../constants.js';
import type { ScrimAbilities } from '../schemas/scrim-abilities.js';

/**
 * Who may do what to a scrim: the one home of these rules. The server guards its routes with them and sends their
 * answer as `Scrim.can`; the web reads `can`, and works it out with this same function only where a scrim comes
 * without it (the hub's list and live updates are the same bytes for every viewer).
 */

/** The viewer's facts the rules read: who they are, whether they are an admin, the regions they host. */
export interface AbilityViewer {
  id: string;
  isAdmin: boolean;
  hostRegions?: readonly Region[] | null;
}

/** The scrim's facts the rules read: its community host, its region and its lobby captain. */
export interface AbilityScrim {
  hostedBy: string | null;
  region: Region;
  lobbyHostId: string | null;
}

/** Admins host every region; a community host the regions an admin granted them. */
export const hostsRegion = (viewer: Pick<AbilityViewer, 'isAdmin' | 'hostRegions'>, region: Region) =>
  viewer.isAdmin || Boolean(viewer.hostRegions?.includes(region));

/**
 * Who runs a scrim (its slot tools, check-in, substitutes, result, cancel): admins, and the community host who
 * created it while they still host its region.
 */
export const canRunScrim = (viewer: AbilityViewer, scrim: Pick<AbilityScrim, 'hostedBy' | 'region'>) =>
  viewer.isAdmin || (scrim.hostedBy !== null && scrim.hostedBy === viewer.id && hostsRegion(viewer, scrim.region));

/** The lobby captain, or who runs the scrim: reports the winner, uploads the image. */
export const isCaptainOrRunner = (viewer: AbilityViewer, scrim: AbilityScrim) =>
  canRunScrim(viewer, scrim) || scrim.lobbyHostId === viewer.id;

/**
 * What the viewer may do to the scrim (`Scrim.can`): who runs it (edit, the slot and host tools, cancel), its lobby
 * captain too (the winner, the image), and the admin-only powers. Roles only: an action the scrim's state refuses
 * (a started scrim, a settled result) still answers with its own error.
 */
export function scrimAbilities(viewer: AbilityViewer, scrim: AbilityScrim): ScrimAbilities {
  const run = canRunScrim(viewer, scrim);
  const captainOrRun = isCaptainOrRunner(viewer, scrim);
  return {
    edit: run,
    delete: viewer.isAdmin,
    assignPlayers: run,
    fillRandom: run,
    swapPlayers: run,
    kick: run,
    substitute: run,
    cancel: run,
    balance: run,
    setWinner: captainOrRun,
    addImage: captainOrRun,
    removeImage: run,
    regenerateTournamentCode: viewer.isAdmin,
    resolveDispute: viewer.isAdmin,
  };
}
