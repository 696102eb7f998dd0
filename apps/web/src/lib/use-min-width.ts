import { useSyncExternalStore } from 'react';

/**
 * Whether the window is at least `pixels` wide, following resizes. A few lines instead of MUI's useMediaQuery,
 * which would weigh on the first bundle. `fallback` is the answer where there is no window (or matchMedia).
 */
export function useMinWidth(pixels: number, fallback = false) {
  const query = `(min-width:${pixels}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (window.matchMedia ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
