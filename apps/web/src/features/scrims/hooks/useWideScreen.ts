import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@scrim-gym/shared';

const QUERY = `(min-width:${BREAKPOINTS.lg}px)`;
const subscribe = (onChange: () => void) => {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};
const isWide = () => Boolean(window.matchMedia?.(QUERY).matches);

/**
 * Large screens and up (the theme's lg, 1280 px): the hub's filters sit in the navigation bar there (spec 2).
 * A few lines instead of MUI's useMediaQuery, which would weigh on the first bundle.
 */
export const useWideScreen = () => useSyncExternalStore(subscribe, isWide, () => false);
