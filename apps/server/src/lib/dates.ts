/** MM/DD/YYYY in UTC, the contract's date format for bans. */
export function formatUsDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** HH:MM UTC: a clock time in a text people read later, wherever they are ('19:25 UTC'). */
export function formatUtcTime(date: Date): string {
  return `${date.toISOString().slice(11, 16)} UTC`;
}

/** MM/DD/YYYY HH:MM UTC. */
export function formatUtcDateTime(date: Date): string {
  return `${formatUsDate(date)} ${formatUtcTime(date)}`;
}
