/**
 * The discord module's public face: each region's Discord webhook (the admins' routes) and the announcements of
 * its public scrims and of the scrim board's posts and series (a job per post). It follows the scrims and the board
 * through their index and lifecycle events; nothing imports it but app.ts.
 */
export { discordPlugin } from './discord.jobs.js';
export { discordRoutes } from './discord.routes.js';
export { DISCORD_ANNOUNCE_JOB, announcementKey } from './discord.service.js';
export { DISCORD_BOARD_JOB, boardAnnouncementKey } from './discord.board.js';
