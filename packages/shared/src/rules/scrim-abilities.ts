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

/**
 * The scrim's facts the rules read: its community host, its region, its lobby captain and, for a team series' game,
 * the users on its two teams' rosters or lineups (null: any other scrim).
 */
export interface AbilityScrim {
  hostedBy: string | null;
  region: Region;
  lobbyHostId: string | null;
  seriesRosterIds: readonly string[] | null;
}

/** Admins host every region; a community host the regions an admin granted them. */
export const hostsRegion = (viewer: Pick<AbilityViewer, 'isAdmin' | 'hostRegions'>, region: Region) =>
  viewer.isAdmin || Boolean(viewer.hostRegions?.includes(region));

/**
 * Who runs a scrim (its slot tools, check-in, substitutes, result, cancel): admins, and the community host who
 * created it while they still host its region. A team series' game, which no host created, is run by every
 * community host of its region but those on one of its teams (they would judge their own team's game).
 */
export const canRunScrim = (
  viewer: AbilityViewer,
  scrim: Pick<AbilityScrim, 'hostedBy' | 'region' | 'seriesRosterIds'>,
) =>
  viewer.isAdmin ||
  ((scrim.seriesRosterIds
    ? !scrim.seriesRosterIds.includes(viewer.id)
    : scrim.hostedBy !== null && scrim.hostedBy === viewer.id) &&
    hostsRegion(viewer, scrim.region));

/**
 * A team series' game is cast by anyone but the players of its two teams: a caster sees both sides' lobby, and a
 * rostered player watching the opponents' game could ghost it.
 */
export const mayCast = (viewer: AbilityViewer, scrim: Pick<AbilityScrim, 'seriesRosterIds'>) =>
  !scrim.seriesRosterIds?.includes(viewer.id);

/** The lobby captain, or who runs the scrim: reports the winner, uploads the image. */
export const isCaptainOrRunner = (viewer: AbilityViewer, scrim: AbilityScrim) =>
  canRunScrim(viewer, scrim) || scrim.lobbyHostId === viewer.id;

/**
 * What the viewer may do to the scrim (`Scrim.can`): who runs it (edit, the slot and host tools, cancel), its lobby
 * captain too (the winner, the image), the admin-only powers, and a place of one's own. Roles and the kind of scrim
 * only: an action the scrim's state refuses (a started scrim, a settled result, a full cast) still answers with its
 * own error. A series game's slots are its lineups': nobody takes one, assigns, fills or balances them; and it ends
 * with its series: nobody cancels or deletes it alone.
 */
export function scrimAbilities(viewer: AbilityViewer, scrim: AbilityScrim): ScrimAbilities {
  const run = canRunScrim(viewer, scrim);
  const captainOrRun = isCaptainOrRunner(viewer, scrim);
  const openSlots = scrim.seriesRosterIds === null;
  return {
    edit: run,
    delete: viewer.isAdmin && openSlots,
    assignPlayers: run && openSlots,
    fillRandom: run && openSlots,
    swapPlayers: run,
    kick: run,
    substitute: run,
    cancel: run && openSlots,
    balance: run && openSlots,
    setWinner: captainOrRun,
    addImage: captainOrRun,
    removeImage: run,
    regenerateTournamentCode: viewer.isAdmin,
    resolveDispute: viewer.isAdmin,
    takeSlot: openSlots,
    joinCast: mayCast(viewer, scrim),
  };
}
