import {
  CANCEL_REASON_MAX,
  LATE_LEAVE_HOURS,
  RELIABILITY_MIN_COMMITMENTS,
  RELIABILITY_WINDOW,
  type ScrimMode,
  type ScrimStatus,
  type TeamName,
  type WaitlistRole,
} from '../../constants.js';
import type { SeriesFormat } from '../../rules/board-limits.js';
import { teamDisplayName } from '../../rules/team-names.js';
import { count } from './plural.js';

/**
 * Every text of the web app's scrims screens, in a module of its own: the screens load lazily, and a bundler
 * places a whole module in one chunk, so beside SCRIM_MESSAGES (scrims.ts, in the first bundle) they would weigh
 * on every first visit. The ones below are the product's fixed wording where quoted (the hub, the card, the forms,
 * the alerts), else our own wording; the hub's frame is HUB_TEXTS (scrims.ts).
 */
/** A series' format as the scrim page's series mark says it. */
export const SERIES_FORMAT_LABELS = {
  bo1: 'Bo1',
  bo2: 'Bo2',
  bo3: 'Bo3',
  bo5: 'Bo5',
  games3: '3 games',
  games4: '4 games',
  games5: '5 games',
} satisfies Record<SeriesFormat, string>;

export const SCRIM_TEXTS = {
  // Hub
  hub: {
    region: 'Region',
    date: 'Date',
    visibility: { previous: 'Previous', current: 'Current', upcoming: 'Upcoming' },
    tiles: { current: 'Playing Now', upcoming: 'Upcoming', previous: 'Completed' },
    sections: { current: 'Current Scrims', upcoming: 'Upcoming Scrims', previous: 'Previous Scrims' },
    noUpcoming: 'No upcoming scrims',
    filtersLabel: 'Scrim filters',
    previousDay: 'Previous day',
    nextDay: 'Next day',
    previousWeek: 'Previous week',
    nextWeek: 'Next week',
    view: 'View',
    day: 'Day',
    week: 'Week',
    dayCount: (n: number) => count(n, 'scrim'),
    noScrimsThatDay: 'No scrims',
    createScrim: 'Create a scrim',
    nextDaysWithScrims: 'Next days with scrims',
    noNextDays: 'No scrims in the next 14 days.',
  },

  // Card
  showMore: 'Show More',
  showLess: 'Show less',
  private: 'Private',
  share: 'Copy share link',
  /** The scrim as an .ics download. */
  addToCalendar: 'Add to calendar',
  edit: 'Edit scrim',
  assign: 'Assign player',
  fillRandom: 'Fill empty slots with random players',
  /** The visible word on the button; `fillRandom` stays its full name. */
  fillRandomShort: 'Fill empty slots',
  hostTools: 'Host tools',
  creatorTitle: (name: string) => `${name}'s Scrim`,
  /** Before the community host's name#tag. */
  hostedBy: 'Hosted by',
  startsAt: 'Starts',
  players: (n: number) => `${n}/10 players`,
  /** The roles still free in either team ('Mid, Support open'), or 'Full'. */
  openRoles: (roles: readonly string[]) => (roles.length === 0 ? 'Full' : `${roles.join(', ')} open`),
  casters: 'Casters',
  castersCount: (n: number, max: number) => `Casters (${n}/${max})`,
  noCasters: 'No casters yet',
  joinCast: 'Join Cast',
  leaveCast: 'Leave Cast',
  /** A team series' game: the mark that links to its series, and why its slots are not open. */
  seriesGame: {
    mark: (gameNumber: number, tags: readonly string[], format: SeriesFormat) =>
      `Game ${gameNumber} of ${tags.join(' vs ')} (${SERIES_FORMAT_LABELS[format]})`,
    markLabel: 'Open the series',
    explain: 'Its slots are the lineups the teams’ captains set: nobody else joins them or waits for one.',
  },
  join: 'Join',
  move: 'Move',
  leave: 'Leave',
  kick: 'Kick',
  joinSlot: (team: string, role: string) => `Join ${team} as ${role}`,
  moveSlot: (team: string, role: string) => `Move to ${team} as ${role}`,
  leaveSlot: 'Leave this game',
  kickPlayer: (name: string) => `Kick ${name}`,
  copyDiscord: (discord: string) => `Copy discord ${discord}`,
  captain: 'Lobby Captain',
  dragHint: 'Drag a player onto another slot to swap them.',
  gameStarting: 'Game starting in...',
  countdownUnits: { days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
  generatingCode: 'Generating Tournament Code...',
  tournamentCode: 'Tournament Code',
  codeSteps: [
    'Open the League client and click Play.',
    'Choose the trophy icon (tournament code) at the top.',
    'Paste the code and join the lobby.',
  ],
  regenerateCode: 'Regenerate Tournament Code',
  regenerateTitle: 'Regenerate the tournament code?',
  regenerateWarning: 'The old code will no longer work.',
  regenerateFailed: 'Error regenerating tournament code',
  /** The tournament code follows the seated roster: Riot's copy of who may join, as the lobby panel shows it. */
  codePlayers: {
    pending: "Updating the Riot lobby's players…",
    retrying: 'Riot refused the update; retrying',
    failed: 'Riot refused the update: the lobby may still expect the old players. An admin can regenerate the code.',
    youCannotJoin:
      'Riot does not know your account, so the code cannot list you: link or refresh your Riot account in Settings.',
    cannotJoin: (names: string) =>
      `Not on the code's list (Riot does not know their accounts): ${names}. The code stays open to anyone with it until they link or refresh them.`,
  },
  /** Shown to admins (and the players) when Riot could not make the code or name the winner. */
  codeProblem: (reason: string) => `Tournament code: ${reason}`,
  lobbyName: 'Lobby Name',
  lobbyPassword: 'Password',
  lobbyHidden: "The lobby name and password are shown to this game's players and casters.",
  /** A scrim closed on its own, still not full 30 minutes after its start (beyond the original app). */
  abandoned: 'Abandoned',
  abandonedExplained: (players: number) =>
    `Only ${players}/10 players 30 minutes after the start: this scrim was closed and will not be played.`,
  banner: {
    abandoned: 'ABANDONED',
    waiting: 'WAITING FOR PLAYERS',
    notFull: 'TEAMS NOT FULL',
    ready: 'GAME READY',
    won: (team: TeamName) => `${teamDisplayName(team).toUpperCase()} WON!`,
  },
  ratingChange: (change: string) => `Rating ${change}`,
  reportWinner: (team: TeamName) => `${teamDisplayName(team)} won`,
  confirmWinnerTitle: (team: TeamName) => `Report ${teamDisplayName(team)} as the winner?`,
  postGameImage: 'Post-game image',
  uploadImage: 'Upload Image',
  replaceImage: 'Replace Image',
  deleteImage: 'Delete Image',
  viewImage: 'View Image',
  imageError: 'error removing image',
  confirm: 'Confirm',
  cancel: 'Cancel',

  // Admin assign
  assignTitle: 'Assign Player',
  searchUser: 'Search user',
  assignPlayer: 'Player in the scrim or on its waitlist',
  typeMore: 'Type at least 2 characters to search',
  noUsers: 'No users found',
  team: 'Team',
  role: 'Role',
  teamChoice: teamDisplayName,
  assignSubmit: 'Assign',

  // Create and edit
  createTitle: 'Create New Scrim',
  editTitle: 'Edit Scrim',
  createSubmit: 'Create Scrim',
  saveChanges: 'Save Changes',
  deleteScrim: 'Delete Scrim',
  deleteUndone: 'This action cannot be undone.',
  title: 'Title',
  startDate: 'Start date',
  startTime: 'Start time',
  lobbyHost: 'Lobby host',
  hostRandom: 'Random',
  hostMe: 'Me',
  hostCurrent: (name: string) => `${name} (current)`,
  lobbyNameHelper: 'Leave empty to use the title',
  isPrivate: 'Private (only users with the share link can access it)',
  withCasters: 'Allow casters',
  maxCasters: 'Max casters',
  useTournamentCode: 'Generate a tournament code',
  checkInEnabled: 'Players check in (30 to 5 minutes before the start)',
  winner: 'Winner',
  winnerNone: 'N/A',
  mode: 'Team making',
  modes: { slots: 'Pick slots', balanced: 'Balanced teams' } as Record<ScrimMode, string>,
  modeHelper: {
    slots: 'Players pick their team and role.',
    balanced: 'Players sign up with their roles; the teams are made fair when ten are in.',
  } as Record<ScrimMode, string>,
  modeLocked: 'Can change only while nobody is in the scrim.',
  createError: 'error creating scrim',
  updateError: 'Error updating Scrim',
  updated: 'Scrim updated successfully!',
  deleteError: 'Error deleting scrim',
  editLoadError: 'Error finding scrim, returning to home page',
  saveForCode: 'Please save the scrim to generate a tournament code for full teams.',
  codeGenerating: 'The tournament code is being generated, please refresh in a few seconds.',
  codeFound: (code: string) => `Tournament code generated: ${code}`,
  codeAtStart: 'The tournament code will be generated when the game starts.',
  /** Under the create and edit forms' switch when the server has no Riot API key. */
  tournamentCodesUnavailable: 'This server has no Riot API key: players use the lobby name and password.',

  // Game day: the pinned lobby panel, switching from the cast, signing in to join
  lobbyPanel: {
    title: 'Lobby ready',
    resultTitle: 'Result',
    captainYou: "You're the captain: create the lobby, then report the winner here",
    hostedBy: 'Hosted by',
    captain: 'Captain',
    you: 'you',
    noCaptain: 'Not chosen yet',
    winner: (team: TeamName) => `${teamDisplayName(team)} won`,
    outcome: { win: 'Victory', loss: 'Defeat', cast: 'Casted' } as const,
    exp: (exp: number) => `+${exp} EXP`,
    level: (level: number, progress: number, needed: number) => `Level ${level} · ${progress}/${needed} EXP`,
    levelUp: (from: number, to: number) => `Level up! ${from} → ${to}`,
  },
  // Game day: who is in Riot's lobby (the lobby guard). Riot's lobby events name no side: the panel shows none.
  riotLobby: {
    title: (count: number, total: number) => `Riot lobby: ${count}/${total} in`,
    in: 'in',
    missing: 'not yet',
    unknown: (count: number) => `+${count} not identified`,
    checkedAt: (time: string) => `Checked at ${time}`,
    noSide: "Riot's lobby does not say who sits on which side.",
  },
  switchToPlayer: 'Switch to player',
  switchSlot: (team: string, role: string) => `Switch to player: ${team} as ${role}`,
  signInTitle: 'Sign in to join this scrim',
  signInBody: 'Sign in to see the teams, take a slot or cast; you will come back to this scrim.',
  signIn: 'Sign in',

  // Balanced teams
  winChance: (team: TeamName, percent: number) => `${teamDisplayName(team)} ${percent} %`,
  winProbabilityLabel: 'Win probability',
  offRole: 'off-role',
  offRoleTitle: 'Playing neither their primary nor their secondary role',
  balanceTeams: 'Balance teams',
  balanceTitle: 'Balance the teams?',
  balanceWarning: "Sides and roles are reassigned from the players' ratings and roles; the players are told.",
  balanced: 'Teams balanced!',
  signups: {
    title: 'Sign-ups',
    count: (n: number) => `${n}/10 signed up`,
    empty: 'Nobody has signed up yet.',
    explain: 'Sign up with your roles: when ten are in, the server makes the fairest teams.',
    made: 'The teams are made: see your side and role below.',
    showList: (n: number) => `Show the ${count(n, 'sign-up')}`,
    hideList: 'Hide the sign-ups',
    primary: 'Primary role',
    secondary: 'Secondary role',
    signUp: 'Sign up',
    withdraw: 'Withdraw',
    withdrawTitle: 'Withdraw from this scrim?',
    withdrawLate: 'Withdrawing now is a late leave: it counts against your reliability.',
    withdrawEarly: `Withdrawing more than ${LATE_LEAVE_HOURS} hours before the start costs nothing.`,
    withdrawSeat:
      'The other nine keep their seats. Yours goes to the first player waiting whose role fits it, or stays open ' +
      'to sign-ups until the lock.',
    stay: 'Stay',
    locksAt: 'Sign-ups lock at',
    locked: 'Sign-ups are closed.',
    full: 'Ten are in: a place frees up if someone withdraws.',
    rating: (rating: number) => `${rating}`,
    provisional: 'provisional',
    roles: (primary: string, secondary: string) => `${primary} / ${secondary}`,
  },
  // Everyone shows up: waitlist, check-in, substitutes, cancel, reliability, leaving with a reason
  showUp: {
    status: { live: 'Live', finished: 'Finished', abandoned: 'Abandoned', cancelled: 'Cancelled' } as Record<
      Exclude<ScrimStatus, 'scheduled'>,
      string
    >,
    cancelled: (reason: string) => `Cancelled: ${reason}`,
    cancelledCentre: 'This scrim was cancelled and will not be played.',
    cancelScrim: 'Cancel scrim',
    cancelTitle: 'Cancel this scrim?',
    cancelExplain:
      'Its players, casters and waitlist are told, with your reason. The scrim stays visible as cancelled.',
    cancelReason: 'Reason',
    cancelSubmit: 'Cancel scrim',
    keepScrim: 'Keep it',
    cancelledToast: 'Scrim cancelled.',
    reasonCount: (n: number) => `${n}/${CANCEL_REASON_MAX}`,

    waitlist: {
      title: 'Waitlist',
      count: (n: number) => `${n} waiting`,
      empty: 'Nobody is waiting.',
      explain: 'When a slot opens, the first player waiting for its role (or for any role) takes it at once.',
      full: 'This scrim is full for what you want: join the waitlist and take the first spot that opens.',
      role: 'Role wanted',
      roleLabel: (role: WaitlistRole) => (role === 'any' ? 'Any role' : role),
      join: 'Join waitlist',
      leave: 'Leave waitlist',
      joined: (position: number) => `You are on the waitlist (#${position}).`,
      position: (n: number) => `#${n}`,
      promoted: (role: string, team: TeamName) => `A spot opened: you are in as ${role} on ${teamDisplayName(team)}!`,
    },

    checkIn: {
      title: 'Check-in',
      opensAt: (time: string) => `Check-in opens at ${time}.`,
      explain: 'Check in before it closes, or your slot goes to the waitlist.',
      checkIn: 'Check in',
      closesIn: 'Closes in',
      checkedIn: 'Checked in ✓',
      checkedInLabel: 'Checked in',
      notCheckedIn: 'Not checked in',
      closed: 'Check-in is closed.',
      confirmed: (n: number, total: number) => `${n}/${total} confirmed`,
      nobody: 'Nobody checked in.',
      checkedInToast: 'You are checked in. See you in the lobby!',
    },

    substitute: 'Substitute',
    substitutePlayer: (name: string) => `Substitute ${name}`,
    substituteTitle: (name: string) => `Substitute ${name}`,
    substituteExplain: 'Who takes this slot? The result and the ratings count the substitute, not the absentee.',
    fromWaitlist: 'From the waitlist',
    orSearch: 'Or search a player by name',
    substituteSubmit: 'Substitute',
    substituted: 'Player substituted.',
    nobodyWaiting: 'Nobody is on the waitlist. Only an admin can bring in a player from outside the scrim.',
    substitutions: 'Substitutes',
    replaced: 'replaced',
    absentee: 'a player who did not come',
    unknownSubstitute: 'A substitute',

    reliable: (score: number) => `${score} % reliable`,
    reliableTitle: (score: number) => `Showed up for ${score} % of their last ${RELIABILITY_WINDOW} scrims`,
    newPlayer: 'New',
    newPlayerFull: 'New player',
    newPlayerTitle: `Fewer than ${RELIABILITY_MIN_COMMITMENTS} scrims so far: no reliability share yet`,

    leaveTitle: 'Leave this scrim?',
    leaveReason: 'Reason (optional)',
    leaveReasonHelp: 'Shown to the host.',
    leaveLate: `Less than ${LATE_LEAVE_HOURS} hours before the start: leaving now is a late leave and counts against your reliability (a broken commitment among your last ${RELIABILITY_WINDOW}).`,
    leaveStarted:
      'The game has started: leaving now is a late leave and counts against your reliability. The others keep the ' +
      'lobby; your seat goes to the first player waiting, else to a substitute the host picks, else to anyone.',
    leaveFreeFor: (timeLeft: string) =>
      `Leaving now is free for ${timeLeft} more; after that (${LATE_LEAVE_HOURS} hours before the start) it counts as a late leave against your reliability.`,
    leaveSubmit: 'Leave',
    stay: 'Stay',
    leavePlaced: 'A host or admin put you in this scrim: leaving costs you nothing.',

    placed: {
      title: 'You were put in this scrim',
      explain:
        'A host or admin gave you this place: you did not choose it, so leaving costs you nothing. Confirm it to play (checking in confirms it too).',
      confirm: 'Confirm my place',
      confirmedToast: 'Your place is confirmed. See you in the lobby!',
    },
  },
} as const;
