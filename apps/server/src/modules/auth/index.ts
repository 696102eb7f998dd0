/** The auth module's public face for other modules: who is asking, and the checks every route starts with. */
export { assertActiveUser, assertAdmin, viewerOf, type Viewer } from './auth.policy.js';
