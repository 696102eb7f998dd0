import type { SeriesFormat } from '../../rules/board-limits.js';

/**
 * Discord announcements texts: the admins' webhook settings, the server's refusals and the board's posts and series
 * as the channel reads them. Only the admin dashboard and the discord module read them.
 */
export const DISCORD_MESSAGES = {
  badUrl:
    'Enter a Discord webhook URL: https://discord.com/api/webhooks/<id>/<token> (Server Settings → Integrations → Webhooks → Copy Webhook URL).',
  tooLong: (max: number) => `A webhook URL is at most ${max} characters`,
  localUrlInProduction: 'Local webhook URLs (127.0.0.1, localhost) are for development and tests only.',
  // Admin dashboard
  sectionTitle: 'Discord announcements',
  sectionHelp:
    'Each region can post its new public scrims, "2 spots left", full lobbies, results and cancellations, and its scrim board’s announced posts, booked series, live games and series results, to a Discord channel through a webhook. Lobby names, passwords and codes are never posted.',
  notSet: 'No webhook',
  current: (masked: string) => `Current: ${masked}`,
  urlLabel: (region: string) => `New webhook URL for ${region}`,
  save: 'Save',
  remove: 'Remove',
  saved: (region: string) => `Discord webhook of ${region} saved`,
  removed: (region: string) => `Discord webhook of ${region} removed`,
  saveFailed: 'The Discord webhook could not be saved',
  loadFailed: 'The Discord webhooks could not be loaded',
  // A test message, and the last delivery of each webhook
  sendTest: 'Send a test message',
  testSent: (region: string) => `Test message posted to ${region}'s Discord channel`,
  testFailed: (region: string, status: string) => `The test message to ${region} was not delivered: ${status}`,
  noWebhook: 'This region has no Discord webhook: save one first.',
  neverDelivered: 'Nothing sent yet',
  lastDelivery: (ok: boolean, status: string, when: string) =>
    `${ok ? 'Last delivery' : 'Last delivery failed'}: ${status}, ${when}`,
  testTitle: 'Test message from Scrim Gym',
  testDescription: (region: string) =>
    `This channel will get ${region}'s new public scrims, "2 spots left", full lobbies, results and cancellations, and its scrim board's announced posts and series.`,
  // The scrim board's posts and series: never a lobby name, password or tournament code
  seriesFormats: {
    bo1: 'Bo1',
    bo2: 'Bo2',
    bo3: 'Bo3',
    bo5: 'Bo5',
    games3: '3 games',
    games4: '4 games',
    games5: '5 games',
  } satisfies Record<SeriesFormat, string>,
  fearless: 'fearless draft',
  fieldRegion: 'Region',
  fieldTeamRank: 'Team rank',
  fieldWanted: 'Wanted ranks',
  fieldNote: 'Note',
  fieldScore: 'Score',
  fieldReason: 'Reason',
  anyRank: 'Any rank',
  rankRange: (min: string | null, max: string | null) =>
    min === max ? (min ?? 'Any rank') : `${min ?? 'Iron 4'} – ${max ?? 'Challenger'}`,
  postTitle: (team: string, tag: string) => `Looking for a scrim: ${team} [${tag}]`,
  postDescription: (format: string, when: string) => `${format}, ${when}. Ask for it on the Scrim Board.`,
  seriesLine: (blueTag: string, redTag: string, format: string, when: string) =>
    `${blueTag} vs ${redTag}, ${format}, ${when}`,
  bookedTitle: (blueTag: string, redTag: string) => `Series booked: ${blueTag} vs ${redTag}`,
  gameLiveTitle: (number: number, blueTag: string, redTag: string) => `Game ${number} live: ${blueTag} vs ${redTag}`,
  gameLiveDescription: (number: number, score: string) =>
    `Game ${number} has started (series ${score}). The players find the lobby on the series page.`,
  resultTitle: (line: string) => `Series result: ${line}`,
  resultWon: (winner: string, format: string, score: string) => `${winner} won the ${format} ${score}.`,
  resultDrawn: (format: string, score: string) => `The ${format} ended in a draw, ${score}.`,
  seriesCancelledTitle: (blueTag: string, redTag: string) => `Series cancelled: ${blueTag} vs ${redTag}`,
  seriesCancelledDescription: (when: string) => `The series planned for ${when} will not take place.`,
  // The last delivery, in words an admin can act on
  delivered: 'delivered',
  rateLimited: 'Discord asked to slow down (429); it is sent again shortly',
  gone: (status: number) => `the webhook was deleted in Discord (${status}): set a new one`,
  refused: (status: number) => `Discord refused it (${status})`,
  unreachable: (reason: string) => `Discord could not be reached (${reason})`,
} as const;
