import { useEffect, useState } from 'react';

export const GENERATING_MS = 5000;

/** True for the first 5 s after `active` turns on: the 'Generating Tournament Code...' window. */
export function useGeneratingWindow(active: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!active) {
      setExpired(false);
      return;
    }
    const timer = setTimeout(() => setExpired(true), GENERATING_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return active && !expired;
}
