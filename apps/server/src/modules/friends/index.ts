/**
 * Friends: requests, friendships, and the social checks the layers above share (who a user id claimed for
 * oneself must be, whether an account still takes messages, whether two users are friends). Imports presence
 * and notifications only through their index.
 */
export { assertSelf } from './friends.policy.js';
export { FRIEND_REQUEST_BURST, friendsRoutes } from './friends.routes.js';
export { areUsersFriends, findActiveUser, type FriendDeps } from './friends.service.js';
