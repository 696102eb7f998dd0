import { useEffect, useRef, useState } from 'react';

export const REFRESH_COOLDOWNS_MS = [5000, 10_000] as const;

/**
 * The hub's refresh button: after a click it is disabled for 5 s, after the next for 10 s, and so
 * on alternately.
 */
export function useRefreshCooldown(refresh: () => void) {
  const [coolingDown, setCoolingDown] = useState(false);
  const clicks = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = () => {
    if (coolingDown) return;
    setCoolingDown(true);
    timer.current = setTimeout(
      () => setCoolingDown(false),
      REFRESH_COOLDOWNS_MS[clicks.current++ % REFRESH_COOLDOWNS_MS.length],
    );
    refresh();
  };
  return { coolingDown, onClick };
}
