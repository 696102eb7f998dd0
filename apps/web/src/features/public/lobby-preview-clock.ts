import { useEffect, useState } from 'react';

/** The landing picture's scrim starts this long after the page opens, then its clock starts over. */
export const PREVIEW_START_SECONDS = 42 * 60 + 10;

/** 'HH:MM:SS' of a number of seconds. */
export function formatClock(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** Seconds left on the preview's clock `elapsedMs` after it started: counts down, then starts over. */
export function previewSecondsLeft(elapsedMs: number): number {
  const elapsed = Math.floor(elapsedMs / 1000);
  return PREVIEW_START_SECONDS - (elapsed % PREVIEW_START_SECONDS);
}

/** A clock that really counts down, one second at a time, from the moment the picture is shown. */
export function usePreviewCountdown(): string {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return formatClock(previewSecondsLeft(now - startedAt));
}
