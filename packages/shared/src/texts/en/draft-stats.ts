import { count } from './plural.js';

/** The profile's and the team page's section on drafted games (GET /api/users/:id/draft-stats, /teams/:id/…). */
export const DRAFT_STATS_TEXTS = {
  title: 'Draft',
  gamesDrafted: (games: number) => count(games, 'drafted game'),
  side: 'Side',
  firstPick: 'First pick (Blue)',
  secondPick: 'Second pick (Red)',
  champion: 'Champion',
  games: 'Games',
  wins: 'Wins',
  winRate: 'Win rate',
  championsTitle: 'Champions drafted',
} as const;
