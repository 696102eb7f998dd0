// Bundles the server into dist/server.js. npm packages stay external (installed next to it); the workspace's
// own TypeScript package (@scrim-gym/shared) is bundled in, so Node never has to load TypeScript. Code splitting
// keeps what is imported dynamically out of the start-up path: the embedded database (db/pglite.ts, with PGlite's
// WASM) is a chunk of its own, loaded only when no DATABASE_URL is set.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@scrim-gym/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
