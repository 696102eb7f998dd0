/**
 * Presence, the lowest social layer: who is online, and which sockets follow whom. Friends and conversations
 * link and unlink pairs through here; presence imports no other social module.
 */
export { findPresence, linkPresence, unlinkPresence, type PresenceDeps } from './presence.service.js';
export { registerPresenceSocketHandlers } from './presence.socket.js';
