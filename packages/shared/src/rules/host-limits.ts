/**
 * Whom those who run a scrim may assign to it or bring in as a substitute. An admin finds anyone by name; a
 * community host chooses only among the players already in the scrim or on its waitlist, so a host cannot draw
 * strangers into a game they did not sign up for.
 */
export const mayPlaceAnyone = (viewer: { isAdmin: boolean }) => viewer.isAdmin;

/** `target`: whether the player is already in the scrim (any slot) or on its waitlist. */
export const mayPlace = (viewer: { isAdmin: boolean }, target: { inScrim: boolean; waiting: boolean }) =>
  mayPlaceAnyone(viewer) || target.inScrim || target.waiting;
