import { count } from './plural.js';

/**
 * The leaderboard page's words, in a module of their own: the profile's rating card reads LEADERBOARD_MESSAGES
 * too, and a bundler places a whole module in one chunk.
 */
export const LEADERBOARD_TEXTS = {
  title: 'Leaderboard',
  pageTitle: 'Leaderboard | Scrim Gym',
  intro: 'Skill ratings from confirmed scrim results. Players in their first 10 rated games are marked provisional.',
  season: 'Season',
  currentSeason: 'Current season',
  seasonNumber: (id: number) => `Season #${id}`,
  region: 'Region',
  allRegions: 'All regions',
  rank: 'Rank',
  player: 'Player',
  rating: 'Rating',
  games: 'Games',
  winRate: 'Win rate',
  mainRole: 'Main role',
  provisional: 'Provisional',
  provisionalHint: 'Fewer than 10 rated games: the rating is still settling',
  you: 'You',
  yourRank: 'Your rank',
  notRanked: 'You are not on this board yet: play a rated scrim to get a rating.',
  loading: 'Loading the leaderboard',
  empty: 'No rated players on this board yet.',
  loadMore: 'Load more',
  failed: 'The leaderboard could not be loaded.',
  compactLine: (role: string, games: number, winRate: number) => `${role} · ${count(games, 'game')} · ${winRate}% won`,
  board: 'Board',
  players: 'Players',
  teams: 'Teams',
  team: 'Team',
  teamsIntro: 'Team ratings from confirmed series games. Teams in their first 10 rated games are marked provisional.',
  teamsEmpty: 'No rated teams on this board yet: a team gets a rating from its first confirmed series game.',
  record: 'Record',
  teamRecord: (wins: number, losses: number) => `${wins}–${losses}`,
  teamCompactLine: (region: string, wins: number, losses: number) => `${region} · ${wins}–${losses}`,
} as const;
