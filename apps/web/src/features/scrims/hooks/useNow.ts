import { useEffect, useState } from 'react';
import { CURRENT_SCRIM_WINDOW_MS } from '@scrim-gym/shared';

type Timed = { gameStartTime: string; teamWon: string | null };

/** The next moment one of these scrims changes timing (it starts, or its 3-hour window ends), or null. */
export function nextTimingChange(scrims: readonly Timed[], now: number): number | null {
  let next: number | null = null;
  for (const scrim of scrims) {
    const start = new Date(scrim.gameStartTime).getTime();
    for (const at of scrim.teamWon ? [start] : [start, start + CURRENT_SCRIM_WINDOW_MS]) {
      if (at >= now && (next === null || at < next)) next = at;
    }
  }
  return next;
}

const MAX_TIMEOUT = 60 * 60 * 1000;

/**
 * The current time, refreshed exactly when the timing of one of `scrims` changes, so sections, banners and
 * the countdown's end switch on time without a per-second re-render of the whole hub.
 */
export function useTimingNow(scrims: readonly Timed[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = nextTimingChange(scrims, now);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0) + 1, MAX_TIMEOUT));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}

/**
 * The current time, refreshed at each of `moments` (epoch ms) still ahead: a panel switches state exactly when a
 * window opens or closes, without a per-second render and without a reload.
 */
export function useNowAt(moments: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = moments.reduce<number | null>(
    (soonest, at) => (at > now && (soonest === null || at < soonest) ? at : soonest),
    null,
  );
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0) + 1, MAX_TIMEOUT));
    return () => clearTimeout(timer);
  }, [next, now]);
  return now;
}
