import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSocketOpener } from '../lib/socket';
import { neverConnects } from './socket';

// findBy* and waitFor give up after one second by default: on a loaded two-core machine, with two workers, a MUI
// page in jsdom can take longer than that to render what a fetch brought, and a lazily loaded screen is compiled
// on its first import (the scoreboard took over 5 s at a load of 12). What a test waits for still has to come; it
// only has the time a busy machine needs, as the server's polls do (10 s; the test itself times out at 20 s).
// Tests wait with Testing Library's waitFor, which reads this, not vi.waitFor, whose default is set call by call.
configure({ asyncUtilTimeout: 10_000 });

// No test has a server to connect to: pages that go live wait for a socket that never comes, unless the file gives
// them a stand-in (withFakeSocket in ./socket.ts).
setSocketOpener(neverConnects);

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
// Files share a worker's jsdom and modules (isolate: false): each test leaves the storage, the clock and the stubbed
// globals as it found them.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setSocketOpener(neverConnects);
});
