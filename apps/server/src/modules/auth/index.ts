// The auth module's public face: who is signed in and may act (policies), the account presenter, and the few
// account and session operations other modules run inside their own transactions (a ban ends sessions, an
// admin edits a user).
export {
  anonymousAuth,
  assertActiveUser,
  assertAdmin,
  assertAdminOrHost,
  assertIdentity,
  bannedError,
  hostsRegion,
  isBanInForce,
  viewerOf,
  type AuthContext,
  type Viewer,
} from './auth.policy.js';
export { toCurrentUser, toPublicUser } from './auth.presenter.js';
// Riot Sign On reused to link a Riot account from Settings (the riot module owns the link routes).
export { RIOT_LINK_CALLBACK_PATH, finishRiotLink, startRiotLink } from './oidc.service.js';
export {
  deleteUserSessions,
  findHostRegionsOfUser,
  findUserById,
  holdsName,
  updateUserFields,
  type BanRow,
} from './auth.repository.js';
export { accountConflict } from './account.service.js';
// A verified Riot ID's name kept for its Riot account after an unlink: riot's link writes and checks it, admin
// edits check it.
export {
  assertNameNotReserved,
  isNameReservedForOther,
  releaseNameReservations,
  reserveVerifiedName,
} from './name-reservations.js';
// The Riot ID check of sign-up and Riot ID edits: its shape here, the riot module's answer wired by app.ts.
export type { RiotIdChecks, RiotIdVerdict } from './riot-id.js';
export type { SessionForgetter } from './session-cache.js';
export { endSessionSockets, endUserSockets } from './socket-sessions.js';
// What app.ts wires: the session look-up on every request, the session forgetter, the socket identity, the routes.
export { authPlugin } from './auth.plugin.js';
export { sessionForgetterPlugin } from './session-cache.js';
export { socketAuth } from './auth.socket.js';
export { authRoutes } from './auth.routes.js';
