import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
const isVisible = () => document.visibilityState !== 'hidden';

/** Whether the tab is in front (a chat in a hidden tab does not mark messages seen). */
export const usePageVisible = () => useSyncExternalStore(subscribe, isVisible, () => true);
