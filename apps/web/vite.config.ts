import react from '@vitejs/plugin-react';
import { configDefaults } from 'vitest/config';
import { defineConfig } from 'vite';
import { MOCKING_FILES } from './vitest.mocking-files';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // React and TanStack Query in one chunk of their own: every page needs them, and without this group the chunk
    // graph splits them into several small shared chunks as lazy chunks are added (the route prefetch's added
    // ~1.5 KB gzipped to the landing page's first visit that way).
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // A file that mocks a module runs alone (vitest.isolated.config.ts); every other file shares its worker's module
    // graph and jsdom instead of importing React, MUI and the app again (seconds per file). Each test leaves the
    // document, the query cache and the stubbed globals as it found them (src/test/setup.ts).
    exclude: [...configDefaults.exclude, ...MOCKING_FILES],
    isolate: false,
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Whole-form tests type and click through MUI in jsdom: seconds each, more on a busy CI machine.
    testTimeout: 20_000,
  },
});
