import { useSyncExternalStore } from 'react';
import { MESSENGER_VOLUME_DEFAULT, MESSENGER_VOLUME_STORAGE_KEY } from '@scrim-gym/shared';

/** Messenger volume 0-100, default 25, kept in browser storage. Storage may be unavailable: then default. */
export function readVolume(): number {
  try {
    const raw = localStorage.getItem(MESSENGER_VOLUME_STORAGE_KEY);
    const value = raw === null || raw.trim() === '' ? NaN : Number(raw);
    return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : MESSENGER_VOLUME_DEFAULT;
  } catch {
    return MESSENGER_VOLUME_DEFAULT;
  }
}

const listeners = new Set<() => void>();
let current: number | null = null;

export const getVolume = () => (current ??= readVolume());

export function setVolume(value: number) {
  current = Math.min(100, Math.max(0, Math.round(value)));
  try {
    localStorage.setItem(MESSENGER_VOLUME_STORAGE_KEY, String(current));
  } catch {
    /* private mode: the volume lasts for this page only */
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMessengerVolume(): [number, (value: number) => void] {
  return [useSyncExternalStore(subscribe, getVolume, getVolume), setVolume];
}

/** Forgets the remembered value (tests). */
export const resetVolumeCache = () => {
  current = null;
};
