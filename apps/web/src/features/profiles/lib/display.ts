import { formatListDate as formatDate } from '../../../lib/datetime';
import type { Region } from '@scrim-gym/shared';

/** Below this width the profile shows names in full (the 630 px breakpoint). */
export const PROFILE_MOBILE_BREAKPOINT = 630;

/** Characters shown on wide screens before an ellipsis. */
export const PROFILE_TRUNCATION = { name: 11, tagline: 3, discord: 9 } as const;

/** `text` cut to `max` characters with an ellipsis on wide screens; whole on narrow ones. */
export function truncateForWidth(text: string, field: keyof typeof PROFILE_TRUNCATION, wide: boolean): string {
  const max = PROFILE_TRUNCATION[field];
  return wide && text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The lists' date format, MM/DD/yyyy hh:mm A, in the viewer's time zone. */
export const formatListDate = (iso: string) => formatDate(iso);

/** 'Last seen' wording: '5 minutes ago', 'yesterday', '3 days ago'. */
export function timeAgo(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400_000],
    ['month', 30 * 86_400_000],
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, size] of units) if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
  return 'just now';
}

/** Platform codes of op.gg, the external summoner-stats site the profile links to. */
const OPGG_REGIONS: Record<Region, string> = {
  NA: 'na',
  EUW: 'euw',
  EUNE: 'eune',
  LAN: 'lan',
  OCE: 'oce',
  KR: 'kr',
  BR: 'br',
  LAS: 'las',
  JP: 'jp',
  TR: 'tr',
  ME: 'me',
  RU: 'ru',
  PH: 'ph',
  SG: 'sg',
  TH: 'th',
  TW: 'tw',
  VN: 'vn',
};

export function summonerStatsUrl(user: { name: string; summonerTagline: string; region: Region }) {
  return `https://op.gg/lol/summoners/${OPGG_REGIONS[user.region]}/${encodeURIComponent(`${user.name}-${user.summonerTagline}`)}`;
}

const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4 };
const APEX = ['MASTER', 'GRANDMASTER', 'CHALLENGER'];

/** Riot's solo queue entry as our rank text ('GOLD' 'II' → 'Gold 2'; apex tiers alone), or null. */
export function soloQueueRank(entries: readonly { queueType: string; tier: string; rank: string }[]): string | null {
  const solo = entries.find((e) => e.queueType === 'RANKED_SOLO_5x5');
  if (!solo) return null;
  const tier = solo.tier.charAt(0) + solo.tier.slice(1).toLowerCase();
  return APEX.includes(solo.tier) || !ROMAN[solo.rank] ? tier : `${tier} ${ROMAN[solo.rank]}`;
}
