import type { CreatedFilter, DateSort, ParticipatedFilter } from '../../schemas/profile.js';
import { count } from './plural.js';
import { RESULT_MESSAGES } from './results.js';

/** Profile texts: the server's answers and the catalogue's wording of the profile page. */
export const PROFILE_MESSAGES = {
  userNotFound: (name: string, region?: string) => `User ${name} was not found${region ? ` in ${region}` : ''}`,
  donator: 'helped keep this app alive!',
  banThisUser: 'Ban This User',
  unbanThisUser: 'Unban This User',
  // Our own wording (not in the original app's catalogue)
  createdScrimsForbidden: "Only the profile's owner and admins can see the scrims a user created.",
} as const;

/** The profile page's own words, beside PROFILE_MESSAGES. */
export const PROFILE_TEXTS = {
  loading: 'Loading Profile',
  /** When the address holds no summoner name to name in the catalogue's 'User {name} was not found'. */
  userNotFound: 'User not found',
  offline: 'Offline',
  verifiedAdmin: 'Verified admin',
  donator: 'Donator',
  summonerStats: 'Summoner stats',
  summonerStatsLabel: (name: string) => `Open ${name}'s summoner stats on op.gg`,
  level: 'Level',
  summonerLevel: (level: number) => `Summoner level ${level}`,
  friends: 'Friends',
  view: 'View',
  expProgress: (progress: number, needed: number) => `${progress} / ${needed} EXP`,
  rank: 'Rank',
  region: 'Region',
  discord: 'Discord',
  memberSince: 'Member since',
  createdScrims: 'Created Scrims',
  participatedScrims: 'Scrims Participated In',
  filter: 'Filter',
  /** A scrim closed still not full 30 minutes after its start (beyond the original app). */
  abandoned: 'Abandoned',
  sortByDate: 'Sort by date',
  noScrims: 'No scrims found',
  loadMore: 'Load more',
  scrimsCount: (shown: number, total: number) => `${shown} of ${total}`,
  background: 'Background',
  blur: 'Blur',
  profileBackground: 'Profile background',
  ban: 'Ban',
  banDialogTitle: (name: string) => `Ban ${name}`,
  dateFrom: 'Date From',
  dateTo: 'Date To',
  reason: 'Reason',
  cancel: 'Cancel',
  confirmUnbanTitle: (name: string) => `Unban ${name}?`,
  bannedUntil: (until: string) => `Banned until ${until}`,
  message: (name: string) => `Message ${name}`,
  messageButton: 'Message',
  startConversation: (name: string) => `Start a conversation with ${name}`,
  // Charts
  statistics: 'Statistics',
  winRate: 'Win Rate',
  wins: 'Wins',
  losses: 'Losses',
  noGames: 'No games played yet',
  levelProgress: 'Level Progress',
  gamesPlayedVsCasted: 'Games Played vs Casted',
  gamesPlayed: 'Games Played',
  gamesCasted: 'Games Casted',
  statsSummary: 'Stats Summary',
  totalExp: 'Total EXP',
  activity: 'Activity Over Time',
  all: 'All',
  played: 'Played',
  casted: 'Casted',
  custom: 'Custom',
  from: 'From',
  to: 'To',
  clear: 'Clear',
  rangeLabel: 'Activity range',
  typeLabel: 'Activity type',
  toBeforeFrom: 'To cannot be before From',
  chartsLoading: 'Loading charts',
} as const;

export const PARTICIPATED_FILTER_LABELS: Record<ParticipatedFilter, string> = {
  none: 'None',
  played: 'Games Played',
  casted: 'Games Casted',
  captain: 'Lobby Captain Games',
  won: 'Matches Won',
  lost: 'Matches Lost',
};

export const CREATED_FILTER_LABELS: Record<CreatedFilter, string> = {
  none: 'None',
  public: 'Public',
  private: 'Private',
};

export const SORT_LABELS: Record<DateSort, string> = {
  desc: 'Newest first',
  asc: 'Oldest first',
};

export const ACTIVITY_TYPE_LABELS = { all: 'All', played: 'Played', casted: 'Casted' } as const;

export const RESULT_LABELS = {
  won: 'Won',
  lost: 'Lost',
  casted: 'Casted',
  pending: RESULT_MESSAGES.pendingShort,
  disputed: RESULT_MESSAGES.disputedShort,
} as const;

/** The profile's rating card. */
export const RATING_TEXTS = {
  title: 'Skill rating',
  provisional: 'Provisional',
  provisionalHint: 'Fewer than 10 rated games: the rating is still settling',
  gamesRated: (games: number) => `${count(games, 'rated game')} this season`,
  history: 'Rating history',
  historySummary: (from: number, to: number, games: number) =>
    `from ${from} to ${to} over ${count(games, 'rated game')}`,
  noHistory: 'No rated games yet this season.',
  roles: 'Roles played',
  rolesSummary: (parts: string[]) => (parts.length ? parts.join(', ') : 'no rated games yet'),
  roleGames: (role: string, games: number, wins: number) => `${role}: ${games} played, ${wins} won`,
  leaderboard: 'Leaderboard',
} as const;

/** The profile's reliability card. */
export const RELIABILITY_TEXTS = {
  title: 'Reliability',
  score: (score: number) => `${score} %`,
  newPlayer: 'New',
  explain: (window: number) => `Scrims played or checked in to, among the last ${window} joined.`,
  explainNew: (min: number, window: number) =>
    `Shown as a share once ${min} scrims are joined: then the share played or checked in to, among the last ${window}.`,
  commitments: (n: number) => count(n, 'commitment'),
  noShows: (n: number) => count(n, 'no-show'),
  lateLeaves: (n: number) => count(n, 'late leave'),
  brokenTitle: 'No-shows and late leaves',
  outcome: { no_show: 'No-show', late_leave: 'Late leave' },
  privateScrim: 'a private scrim',
  cooldown: (until: string) => `Cannot join scrims until ${until}`,
  clearCooldown: 'Clear cooldown',
  cooldownCleared: 'Cooldown cleared.',
} as const;
