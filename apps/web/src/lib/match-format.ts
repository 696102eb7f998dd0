/** How match stats read: the scoreboard and the profile's history share these. */

/** 1834 s → "30:34"; an hour or more → "1:02:05". */
export function formatGameDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** (kills + assists) / deaths, deaths counted as at least one. */
export const kdaRatio = (kills: number, deaths: number, assists: number) => (kills + assists) / Math.max(1, deaths);

/** The ratio as players read it: "4.25", or "Perfect" without a death and with a takedown. */
export const formatKda = (kills: number, deaths: number, assists: number) =>
  deaths === 0 && kills + assists > 0 ? 'Perfect' : kdaRatio(kills, deaths, assists).toFixed(2);

/** Per minute over `seconds` of play (at least a minute), one decimal. */
export const perMinute = (value: number, seconds: number) => value / Math.max(1, seconds / 60);

/** 21437 → "21.4k", 950 → "950". */
export const compactNumber = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)}k` : String(value));

/** A share of a total as a whole percentage (0 when the total is 0). */
export const sharePercent = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);
