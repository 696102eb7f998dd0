import { CHECK_IN_CLOSES_MINUTES, CHECK_IN_OPENS_MINUTES } from '../../constants.js';

/*
 * Scrims: the server's answers and notifications about a scrim (slots, balanced teams, waitlists, check-in,
 * substitutes) and the hub's frame. The hub is in the web app's first bundle, and it shows SCRIM_MESSAGES, so
 * this module is there too: the texts of the lazily loaded scrim screens are in scrims-screens.ts.
 */

/** Scrim texts. */
export const SCRIM_MESSAGES = {
  alreadyPlayer:
    'Player already exists in game. Did you mean to move the player? use the /move-player endpoint instead.',
  casterCannotJoinTeam: "Cannot join team: You're already a caster for this game!",
  playerCannotCast: "Cannot join cast: You're already a player in this game!",
  castFull: 'Cannot join cast: the cast is full!',
  castingOff: 'Cannot join cast: casting is turned off for this scrim.',
  seriesGame: 'This scrim is a game of a team series: its slots are taken by the lineups its captains set.',
  seriesGameEnds:
    'This scrim is a game of a team series: it ends with its series, which a captain cancels on the series page.',
  onSeriesTeam: 'Cannot join cast: you are on one of the teams of this series, and a caster sees both teams’ lobby.',
  notSeriesGame: 'This scrim is not a game of a team series.',
  wrongSide: 'A lineup is seated on its own team’s side only.',
  alreadyCaster: "You're already a caster for this game!",
  notAPlayer: 'You are not a player in this game.',
  notACaster: 'You are not a caster in this game.',
  gameOver: 'This game is over: its winner is already set.',
  notStarted: 'The game has not started yet.',
  winnerSet: 'The winner of this game is already set.',
  resultByAdminOnly:
    'Only an admin can change a result here: report the winner on the scrim page, and the other team confirms it.',
  abandoned: 'This scrim was abandoned: it was not full 30 minutes after its start.',
  teamsNotFull: 'A winner can only be set once both teams have 5 players.',
  onlyCaptain: 'Only the lobby captain or an admin can do this.',
  onlySelf: 'You can only do this for yourself.',
  onlyHost: "Only this scrim's host or an admin can do this.",
  /** A community host creating (or moving) a scrim outside the regions they host. */
  hostRegionOnly: (regions: string) => `You can only host scrims in your regions (${regions}).`,
  /** A community host placing someone who neither is in their scrim nor waits for it (assign, substitute, captain). */
  hostLimitPlayer: 'As a host you can only place players who are in this scrim or on its waitlist.',
  /** A community host filling at random from a region they do not host. */
  hostLimitRegion: (regions: string) => `As a host you can only fill with players of your regions (${regions}).`,
  /** A community host creating a scrim, or moving its start, too close to now. */
  startTooSoon: (minutes: number) => `As a host you can only schedule a scrim at least ${minutes} minutes ahead.`,
  notFound: 'Scrim not found!, redirecting to home',
  lookupError: 'Error finding scrim, redirecting to home',
  spotTaken: (free: string) => `spot taken! spots available for ${free}`,
  noSpots: 'spot taken! no spots available in this game',
  selectAll: 'Please select a user, team, and role',
  userIsCaster: 'Cannot assign: this user is a caster for this game!',
  noEmptyPositions: 'No empty positions to fill',
  /** Why fill random left slots empty (beyond the original app). */
  notEnoughEligible: (unfilled: number, region: string) =>
    `${unfilled} ${unfilled === 1 ? 'position' : 'positions'} could not be filled: not enough eligible players in ${region} (players of the region who are not in this scrim and not banned).`,
  imageNotImage: (name: string) => `File ${name} is not an image! only images are allowed.`,
  imageTooBig: (name: string) => `File ${name} is too big! max allowed size: 2 MB.`,
  imageExists: 'This scrim already has an image; only admins can replace it.',
  noImage: 'This scrim has no image.',
  created: 'scrim created successfully!',
  createdPrivate: 'Private scrim created, only users with the share link can access it',
  deleted: 'Scrim deleted successfully!',
  assigned: 'Player assigned successfully!',
  filled: (n: number) => `Successfully filled ${n} positions with random players!`,
  swapped: 'Players swapped!',
  kicked: (name: string) => `Successfully kicked ${name} from the game`,
  imageUploaded: 'image uploaded successfully',
  imageDeleted: 'image deleted successfully',
  copiedLink: 'copied game link to clipboard!',
  copiedCode: 'Tournament code copied! Paste it in the League client to join.',
  copiedLobbyName: 'Lobby name copied to clipboard',
  copiedPassword: 'Password copied to clipboard',
  copiedDiscord: (discord: string) => `copied player discord (${discord}) to clipboard`,
  confirmWinner: 'You cannot reverse this.',
  /** An admin can change a result later (the edit form), so their confirmation says so instead. */
  confirmWinnerAdmin: 'The players are told, and ratings move. You can still change it later in the edit form.',
  confirmKick: (name: string) => `Are you sure you want to kick ${name}?`,
  confirmDelete: 'Are you sure you want to delete this scrim?',
  confirmUpdate: 'are you sure you want to update this scrim?',
  confirmUpload: 'Are you sure you want to upload this image?',
  confirmDeleteImage: 'Are you sure you want to delete this image?',
  noScrims: (region: string) => `No scrims found in ${region}`,
  loading: 'Loading Scrims',
  notEnoughPlayers: (count: number, one: number, two: number) =>
    `Not enough players: ${count}/10. Please get ${one} players in Team 1 and ${two} in Team 2 to unlock lobby name and password`,
} as const;

/** Balanced teams: sign-ups, the lock, "Balance teams". */
export const BALANCE_MESSAGES = {
  notBalanced: 'This scrim has slots: pick a team and role instead of signing up.',
  balancedScrim: 'This scrim makes balanced teams: sign up instead of picking a slot.',
  modeLocked: 'The team making can change only while nobody is in the scrim.',
  signupLocked: (minutes: number) => `Sign-ups are closed: they lock ${minutes} minutes before the start.`,
  alreadySignedUp: 'You are already signed up for this scrim.',
  notSignedUp: 'You are not signed up for this scrim.',
  signupsFull: 'This scrim already has ten sign-ups.',
  alreadyPlayer: 'You are already a player in this scrim.',
  alreadyCaster: 'You are already a caster in this scrim.',
  alreadyStarted: 'This game has started: its teams can no longer be balanced.',
  teamsNotFull: 'Teams can be balanced only once both teams have 5 players.',
  teamsMadeNotification: (title: string) => `The teams of ${title} are made: see your side and role.`,
  balancedByAdminNotification: (title: string) => `Teams were balanced by an admin: ${title}. See your side and role.`,
  balancedByHostNotification: (title: string) => `Teams were balanced by the host: ${title}. See your side and role.`,
} as const;

/** Waitlists, cooldowns, late leaves and cancelled scrims. Dates are ISO 8601 instants. */
export const WAITLIST_MESSAGES = {
  alreadyWaitlisted: 'You are already on the waitlist of this scrim.',
  notWaitlisted: 'You are not on the waitlist of this scrim.',
  alreadyPlayer: 'You are already a player in this scrim.',
  alreadyCaster: 'You are already a caster in this scrim.',
  alreadySignedUp: 'You are already signed up for this scrim.',
  roleFree: (role: string) => `A ${role} slot is free: take it instead of waiting.`,
  slotsFree: 'This scrim has free slots: take one instead of waiting.',
  signupsOpen: 'This scrim has room: sign up instead of waiting.',
  started: 'This game has started: its waitlist is closed.',
  promotedNotification: (title: string, role: string) => `A spot opened in ${title}: you are in as ${role}.`,
  promotedSignupNotification: (title: string) => `A spot opened in ${title}: you are signed up.`,
  cooldown: (until: string) => `You cannot join scrims until ${until} (a no-show cooldown).`,
  cancelled: 'This scrim was cancelled.',
  alreadyCancelled: 'This scrim is already cancelled.',
  cancelledNotification: (title: string, reason: string) => `${title} was cancelled: ${reason}`,
  noShowWarning: (title: string) =>
    `You did not show up for ${title}. This is a warning: the next no-show keeps you out of scrims for 24 hours.`,
  noShowCooldown: (title: string, until: string) =>
    `You did not show up for ${title}: you cannot join scrims until ${until}.`,
  playerLeftNotification: (name: string, title: string, reason: string | undefined) =>
    `${name} left ${title}${reason ? `: ${reason}` : '.'}`,
  cooldownCleared: 'Cooldown cleared',
  userNotFound: 'User not found',
} as const;

/**
 * A player a host or admin put into a scrim (assigned, filled at random, brought in as a substitute): they did not
 * choose it, so it costs them nothing until they check in or confirm the place.
 */
export const PLACED_MESSAGES = {
  placedNotification: (by: string, title: string, slot: string) =>
    `${by} put you in ${title} as ${slot}. You did not choose this scrim: leave it at no cost, or confirm your place (checking in confirms it too).`,
  substituteNotification: (by: string, title: string, slot: string) =>
    `${by} brought you in as a substitute in ${title}: ${slot}. Join now and confirm your place, or leave at no cost.`,
  droppedNotification: (title: string) =>
    `You did not confirm the place you were given in ${title}, so it went to another player. This costs you nothing.`,
  notAPlayer: 'Only a player of this scrim can confirm a place in it.',
  notPlaced: 'Your place in this scrim is already yours: there is nothing to confirm.',
  confirmed: 'Your place is confirmed.',
} as const;

/**
 * Check-in and substitutes. Times in these texts are UTC clock times ('19:25 UTC'): stored
 * notifications are read later, by people in any time zone.
 */
export const CHECK_IN_MESSAGES = {
  notAPlayer: 'Only the players of this scrim can check in.',
  checkInOff: 'Check-in is turned off for this scrim.',
  notOpenYet: (opensAt: string) =>
    `Check-in is not open yet: it opens at ${opensAt}, ${CHECK_IN_OPENS_MINUTES} minutes before the start.`,
  closed: (closedAt: string) =>
    `Check-in is closed: it closed at ${closedAt}, ${CHECK_IN_CLOSES_MINUTES} minutes before the start.`,
  cancelled: 'This scrim was cancelled.',
  openNotification: (title: string, closesAt: string) => `Check-in is open for ${title}: check in before ${closesAt}`,
  reminderNotification: (title: string, closesAt: string) =>
    `Check-in for ${title} closes at ${closesAt}: check in now or lose your slot.`,
  droppedNotification: (title: string) =>
    `You did not check in for ${title}, so you lost your slot to a player on the waitlist.`,
  promotedNotification: (title: string, slot: string) => `You're in: ${title}, ${slot}. Check-in is closed.`,
} as const;

/** Bringing in a substitute for a player who did not come. */
/** The lobby guard: what a player still missing from Riot's lobby 5 minutes before the start is told. */
export const RIOT_LOBBY_MESSAGES = {
  missingNotification: 'Your lobby is waiting: join with the code',
};

export const SUBSTITUTE_MESSAGES = {
  notStarted: 'A substitute can come in only after the start.',
  resultConfirmed: 'This result is confirmed: its players can no longer change.',
  outNotAPlayer: 'The player to replace is not a player of this scrim.',
  inNotFound: 'The substitute was not found.',
  inBanned: 'The substitute is banned and cannot play.',
  inAlreadyPlayer: 'The substitute is already a player of this scrim.',
  inAlreadyCaster: 'The substitute is a caster of this scrim: remove them from the cast first.',
  replacedNotification: (title: string, name: string) =>
    `You did not show up for ${title}: ${name} took your slot as a substitute.`,
  substituteNotification: (title: string, slot: string) => `You are a substitute in ${title}: ${slot}. Join now!`,
} as const;

/**
 * The texts of the hub's frame, in the first bundle with it; the rest of the hub (filters, tiles, sections) reads
 * SCRIM_TEXTS.hub.
 */
export const HUB_TEXTS = {
  hubTitle: 'Scrims Hub',
  welcome: (name: string) => `Welcome, ${name}`,
  refresh: 'Refresh',
  noScrimsHint: 'Try another region or date.',
} as const;
