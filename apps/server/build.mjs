// Bundles the server into dist/server.js. npm packages stay external (installed next to it); the workspace's
// own TypeScript package (@scrim-gym/shared) is bundled in, so Node never has to load TypeScript.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
