import { BOARD_TEXTS as T, type TeamCard } from '@scrim-gym/shared';

/** A local day (the date input's 'YYYY-MM-DD') as the instant it starts, or ends, in the viewer's time zone. */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, end ? d + 1 : d, 0, 0, 0, end ? -1 : 0).toISOString();
}

/** A local date and time (the inputs' 'YYYY-MM-DD' and 'HH:MM') as an ISO instant; undefined when incomplete. */
export function localInstant(date: string, time: string): string | undefined {
  if (!date || !time) return undefined;
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** '92% reliable'; before the score shows, how many series are decided ('No series yet' for none). */
export const reliabilityText = ({ reliability }: TeamCard) => {
  if (reliability.score !== null) return T.reliable(reliability.score);
  return reliability.played === 0 ? T.newTeam : T.fewSeries(reliability.played);
};
