// The auth module's public face: who is signed in and may act (policies), the account presenter, and the few
// account and session operations other modules run inside their own transactions (a ban ends sessions, an
// admin edits a user).
export {
  anonymousAuth,
  assertActiveUser,
  assertAdmin,
  assertIdentity,
  bannedError,
  isBanInForce,
  type AuthContext,
} from './auth.policy.js';
export { toPublicUser } from './auth.presenter.js';
export { deleteUserSessions, findUserById, updateUserFields, type BanRow } from './auth.repository.js';
export { accountConflict } from './auth.service.js';
export { forgetSessions } from './session-cache.js';
