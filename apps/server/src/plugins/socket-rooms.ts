/**
 * The Socket.IO rooms of the app. Room names never reach a client; the Redis adapter carries them between
 * instances, so `io.in(room)` reaches a room's sockets wherever they are connected.
 */
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket authenticated with one session (the SHA-256 of its token): what its end disconnects. */
export const sessionRoom = (tokenHash: string) => `session:${tokenHash}`;
export const scrimRoom = (scrimId: string) => `scrim:${scrimId}`;
export const regionRoom = (region: string) => `region:${region}`;
export const ADMINS_ROOM = 'admins';
/** A community host's sockets while they host the region: their scrims there are sent with the lobby secrets. */
export const hostRoom = (userId: string, region: string) => `host:${userId}:${region}`;
/** The sockets that have a scrim's chat open (joined only after the chat rule allows it). */
export const scrimChatRoom = (scrimId: string) => `scrim-chat:${scrimId}`;
/** The sockets allowed to follow a user's online status (friends, conversation partners, viewers of their scrims). */
export const presenceRoom = (userId: string) => `presence:${userId}`;
/** The sockets that show a region's scrim board. */
export const boardRoom = (region: string) => `board:${region}`;
/** The sockets that show a series' page. */
export const seriesRoom = (seriesId: string) => `series:${seriesId}`;
