/** Debian's Chromium: never a downloaded browser. CHROMIUM_PATH overrides the default. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

// One list of flags for the journeys and the bench scripts.
export { CHROMIUM_ARGS } from '../../bench/lib.mjs';
