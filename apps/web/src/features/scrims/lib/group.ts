import { getScrimTiming, type Scrim, type ScrimTiming } from '@scrim-gym/shared';

export type ScrimGroups = Record<ScrimTiming, Scrim[]>;

/**
 * The hub's sections: current and upcoming by start time, the most recent previous
 * scrims first.
 */
export function groupScrims(scrims: readonly Scrim[], now: number): ScrimGroups {
  const groups: ScrimGroups = { current: [], upcoming: [], previous: [] };
  for (const scrim of scrims) groups[getScrimTiming({ ...scrim, now })].push(scrim);
  const ascending = (a: Scrim, b: Scrim) => a.gameStartTime.localeCompare(b.gameStartTime);
  groups.current.sort(ascending);
  groups.upcoming.sort(ascending);
  groups.previous.sort((a, b) => ascending(b, a));
  return groups;
}
