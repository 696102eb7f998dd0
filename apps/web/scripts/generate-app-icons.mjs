// Draws the installable app's icons (web app manifest, iOS home screen, Android's status bar badge) from the
// favicon's design as SVG and encodes them to PNG with sharp. Usage: node apps/web/scripts/generate-app-icons.mjs
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
// The MUI theme's background (apps/web/src/app/theme.ts) and its gold primary.
const NAVY = '#0a1428';
const GOLD = '#c8aa6e';

/** The favicon's gold peak on a 64-unit canvas, scaled by `scale` around the centre. */
const peak = (fill, scale = 1) =>
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -31)"><path d="M18 44l14-26 14 26H38l-6-11-6 11z" fill="${fill}"/></g>`;

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`;

const icons = [
  // "any": the favicon itself, rounded corners on a transparent canvas.
  { file: 'icon-192.png', size: 192, svg: svg(`<rect width="64" height="64" rx="14" fill="${NAVY}"/>${peak(GOLD)}`) },
  { file: 'icon-512.png', size: 512, svg: svg(`<rect width="64" height="64" rx="14" fill="${NAVY}"/>${peak(GOLD)}`) },
  // "maskable": full bleed, the peak inside the central safe circle (80 % of the width), as launchers crop it.
  {
    file: 'icon-maskable-192.png',
    size: 192,
    svg: svg(`<rect width="64" height="64" fill="${NAVY}"/>${peak(GOLD, 0.8)}`),
  },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    svg: svg(`<rect width="64" height="64" fill="${NAVY}"/>${peak(GOLD, 0.8)}`),
  },
  // iOS rounds the home screen icon itself: full bleed.
  {
    file: 'apple-touch-icon.png',
    size: 180,
    svg: svg(`<rect width="64" height="64" fill="${NAVY}"/>${peak(GOLD, 0.9)}`),
  },
  // Android draws the badge of a notification in one colour from its alpha: a white peak, transparent around.
  { file: 'badge-96.png', size: 96, svg: svg(peak('#ffffff', 1.3)) },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, svg: source } of icons) {
  const info = await sharp(Buffer.from(source), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${OUT}${file}`);
  console.log(`${file}: ${info.width}x${info.height}, ${info.size} bytes`);
}
