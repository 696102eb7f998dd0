// Draws the profile's art (backgrounds, rank emblems, role icons, the default summoner icon) as SVG and encodes
// it to WebP with sharp: our own artwork, sized for its use, each file far under 200 KB (the original app ships
// multi-megabyte PNG/GIF backgrounds). Usage: node apps/web/scripts/generate-profile-art.mjs
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../src/features/profiles/assets/', import.meta.url));
const MAX_BYTES = 200 * 1024;

/** A small deterministic PRNG, so the art is the same on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const W = 1600;
const H = 900;

function stars(rand, count, { color = '#fff', maxR = 1.6, top = H } = {}) {
  return Array.from({ length: count }, () => {
    const r = (0.3 + rand() * maxR).toFixed(2);
    return `<circle cx="${(rand() * W).toFixed(0)}" cy="${(rand() * top).toFixed(0)}" r="${r}" fill="${color}" opacity="${(0.3 + rand() * 0.7).toFixed(2)}"/>`;
  }).join('');
}

const BACKGROUNDS = {
  'summoners-rift': () => {
    const rand = random(11);
    const trees = Array.from({ length: 90 }, () => {
      const x = rand() * W;
      const y = rand() * H;
      const r = 18 + rand() * 46;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#0f3b2a" opacity="${(0.45 + rand() * 0.4).toFixed(2)}"/>`;
    }).join('');
    return `
      <defs>
        <linearGradient id="g" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stop-color="#0b2a3a"/><stop offset="0.5" stop-color="#123d2c"/><stop offset="1" stop-color="#2a1420"/>
        </linearGradient>
        <radialGradient id="blue" cx="0.08" cy="0.9" r="0.3"><stop offset="0" stop-color="#3fa7ff" stop-opacity="0.9"/><stop offset="1" stop-color="#3fa7ff" stop-opacity="0"/></radialGradient>
        <radialGradient id="red" cx="0.92" cy="0.1" r="0.3"><stop offset="0" stop-color="#ff4b4b" stop-opacity="0.85"/><stop offset="1" stop-color="#ff4b4b" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#g)"/>
      ${trees}
      <path d="M-40 120 C 400 260, 620 420, 800 450 S 1250 640, 1660 800" stroke="#1f6f8b" stroke-width="90" fill="none" opacity="0.75"/>
      <path d="M-40 120 C 400 260, 620 420, 800 450 S 1250 640, 1660 800" stroke="#5fd3e6" stroke-width="14" fill="none" opacity="0.35"/>
      <path d="M120 820 L 1480 80" stroke="#c8aa6e" stroke-width="26" opacity="0.35"/>
      <path d="M120 820 L 120 90 L 1480 80" stroke="#c8aa6e" stroke-width="22" fill="none" opacity="0.25"/>
      <path d="M120 820 L 1490 820 L 1480 80" stroke="#c8aa6e" stroke-width="22" fill="none" opacity="0.25"/>
      <rect width="${W}" height="${H}" fill="url(#blue)"/>
      <rect width="${W}" height="${H}" fill="url(#red)"/>
      <circle cx="120" cy="820" r="46" fill="#3fa7ff" opacity="0.8"/>
      <circle cx="1480" cy="80" r="46" fill="#ff4b4b" opacity="0.8"/>`;
  },
  anniversary: () => {
    const rand = random(7);
    const colors = ['#c8aa6e', '#f0e6d2', '#0ac8b9', '#e84a8a', '#7b61ff'];
    const confetti = Array.from({ length: 260 }, () => {
      const x = rand() * W;
      const y = rand() * H;
      const w = 6 + rand() * 12;
      const h = 3 + rand() * 6;
      const c = colors[Math.floor(rand() * colors.length)];
      return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${c}" opacity="${(0.5 + rand() * 0.5).toFixed(2)}" transform="rotate(${(rand() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
    }).join('');
    const rings = [160, 250, 340, 430]
      .map(
        (r, i) =>
          `<circle cx="800" cy="450" r="${r}" fill="none" stroke="#c8aa6e" stroke-width="${10 - i * 2}" opacity="${0.55 - i * 0.1}"/>`,
      )
      .join('');
    return `
      <defs>
        <radialGradient id="g" cx="0.5" cy="0.5" r="0.75"><stop offset="0" stop-color="#3b2a6b"/><stop offset="0.6" stop-color="#160f33"/><stop offset="1" stop-color="#070514"/></radialGradient>
        <radialGradient id="glow" cx="0.5" cy="0.5" r="0.3"><stop offset="0" stop-color="#f4d58d" stop-opacity="0.7"/><stop offset="1" stop-color="#f4d58d" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#g)"/>
      <rect width="${W}" height="${H}" fill="url(#glow)"/>
      ${rings}${confetti}`;
  },
  'teemo-sunset': () => {
    const rand = random(5);
    const mushrooms = Array.from({ length: 9 }, (_, i) => {
      const x = 80 + i * 180 + rand() * 60;
      const y = 760 + rand() * 60;
      const s = 0.6 + rand() * 0.8;
      return `<g transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) scale(${s.toFixed(2)})" fill="#2a0f24">
        <rect x="-9" y="-30" width="18" height="40" rx="6"/><path d="M-46 -28 Q 0 -90 46 -28 Z"/></g>`;
    }).join('');
    return `
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#2b1b5a"/><stop offset="0.45" stop-color="#c2457a"/><stop offset="0.7" stop-color="#f59e4c"/><stop offset="1" stop-color="#ffd27a"/>
        </linearGradient>
        <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff3c4"/><stop offset="1" stop-color="#ffb45c"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      ${stars(rand, 80, { top: 260, maxR: 1.2 })}
      <circle cx="1060" cy="560" r="170" fill="url(#sun)" opacity="0.95"/>
      <path d="M0 640 Q 300 560 620 640 T 1200 620 T 1600 600 L 1600 900 L 0 900 Z" fill="#6b2a4a" opacity="0.85"/>
      <path d="M0 720 Q 400 650 800 720 T 1600 700 L 1600 900 L 0 900 Z" fill="#3d1636"/>
      ${mushrooms}`;
  },
  'bootcamp-dragon': () => {
    const rand = random(3);
    const embers = Array.from({ length: 160 }, () => {
      const x = rand() * W;
      const y = H - rand() * H * 0.9;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(1 + rand() * 3).toFixed(1)}" fill="${rand() > 0.5 ? '#ffb347' : '#ff6a3d'}" opacity="${(0.3 + rand() * 0.7).toFixed(2)}"/>`;
    }).join('');
    return `
      <defs>
        <radialGradient id="g" cx="0.5" cy="0.85" r="0.9"><stop offset="0" stop-color="#ff7a2f"/><stop offset="0.35" stop-color="#8a1f16"/><stop offset="1" stop-color="#170607"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#g)"/>
      <g fill="#1b0708" opacity="0.92">
        <path d="M800 520 C 640 380 420 300 180 300 C 330 360 420 420 470 480 C 360 450 250 460 150 500 C 300 510 420 560 520 620 C 600 600 700 580 800 600 Z"/>
        <path d="M800 520 C 960 380 1180 300 1420 300 C 1270 360 1180 420 1130 480 C 1240 450 1350 460 1450 500 C 1300 510 1180 560 1080 620 C 1000 600 900 580 800 600 Z"/>
        <path d="M760 640 C 740 520 760 440 800 380 C 840 440 860 520 840 640 C 830 720 770 720 760 640 Z"/>
        <path d="M770 400 L 740 330 L 785 372 Z M830 400 L 860 330 L 815 372 Z"/>
      </g>
      ${embers}`;
  },
  cat: () => {
    const rand = random(9);
    return `
      <defs>
        <linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0d1b3d"/><stop offset="1" stop-color="#27446e"/></linearGradient>
        <radialGradient id="moon" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffbe8"/><stop offset="1" stop-color="#e9dca8"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#g)"/>
      ${stars(rand, 140, { top: 620 })}
      <circle cx="1180" cy="260" r="120" fill="url(#moon)"/>
      <rect x="0" y="700" width="${W}" height="200" fill="#140d1f"/>
      <rect x="0" y="690" width="${W}" height="18" fill="#2b2038"/>
      <g fill="#07060c" transform="translate(560 0)">
        <ellipse cx="200" cy="610" rx="120" ry="95"/>
        <circle cx="200" cy="470" r="70"/>
        <path d="M140 440 L 150 360 L 195 420 Z"/><path d="M260 440 L 250 360 L 205 420 Z"/>
        <path d="M300 650 C 420 660 440 560 400 520 C 380 500 360 520 380 540 C 400 570 380 620 300 620 Z"/>
      </g>
      <circle cx="735" cy="470" r="7" fill="#d6f36b"/><circle cx="785" cy="470" r="7" fill="#d6f36b"/>`;
  },
  thresh: () => {
    const rand = random(13);
    const fog = Array.from({ length: 40 }, () => {
      const x = rand() * W;
      const y = 500 + rand() * 420;
      return `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(120 + rand() * 220).toFixed(0)}" ry="${(20 + rand() * 40).toFixed(0)}" fill="#3dffb0" opacity="${(0.04 + rand() * 0.08).toFixed(2)}"/>`;
    }).join('');
    const chain = Array.from({ length: 14 }, (_, i) => {
      const x = 1000 - i * 46;
      const y = 160 + i * 26 + Math.sin(i / 2) * 20;
      return `<ellipse cx="${x}" cy="${y.toFixed(0)}" rx="22" ry="12" fill="none" stroke="#9fb8ad" stroke-width="6" transform="rotate(${-30 + (i % 2) * 60} ${x} ${y.toFixed(0)})" opacity="0.8"/>`;
    }).join('');
    return `
      <defs>
        <radialGradient id="g" cx="0.62" cy="0.45" r="0.8"><stop offset="0" stop-color="#0f3b33"/><stop offset="0.5" stop-color="#061a1a"/><stop offset="1" stop-color="#020607"/></radialGradient>
        <radialGradient id="lantern" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#b6ffe0"/><stop offset="0.4" stop-color="#3dffb0" stop-opacity="0.7"/><stop offset="1" stop-color="#3dffb0" stop-opacity="0"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#g)"/>
      ${fog}${chain}
      <circle cx="1040" cy="470" r="260" fill="url(#lantern)"/>
      <g transform="translate(1040 470)">
        <path d="M0 -120 L 70 -60 L 70 60 L 0 120 L -70 60 L -70 -60 Z" fill="#0b1f1b" stroke="#9fb8ad" stroke-width="10" opacity="0.9"/>
        <path d="M0 -70 L 40 -35 L 40 35 L 0 70 L -40 35 L -40 -35 Z" fill="#7dffc8" opacity="0.85"/>
        <path d="M0 -120 L 0 -170" stroke="#9fb8ad" stroke-width="10"/>
      </g>`;
  },
};

const RANK_COLORS = {
  unranked: ['#6b7280', '#374151'],
  iron: ['#7c7470', '#3a3330'],
  bronze: ['#c07a4f', '#5a2e1a'],
  silver: ['#c4ccd6', '#5d6875'],
  gold: ['#f0cd7c', '#8a6a26'],
  platinum: ['#6fd3cf', '#1f6665'],
  emerald: ['#4fe39a', '#146b41'],
  diamond: ['#8ea2ff', '#2d3c9c'],
  master: ['#d08cff', '#5c2288'],
  grandmaster: ['#ff7b7b', '#7d1a1a'],
  challenger: ['#ffe7a3', '#2f6fd6'],
};

function rankEmblem(name, index) {
  const [light, dark] = RANK_COLORS[name];
  const wings =
    index >= 8
      ? `<path d="M22 44 C 6 30 4 16 8 6 C 16 20 26 28 34 32 Z M74 44 C 90 30 92 16 88 6 C 80 20 70 28 62 32 Z" fill="${light}" opacity="0.9"/>`
      : index >= 4
        ? `<path d="M24 48 C 12 40 8 30 10 22 C 18 32 26 36 32 38 Z M72 48 C 84 40 88 30 86 22 C 78 32 70 36 64 38 Z" fill="${light}" opacity="0.8"/>`
        : '';
  const gem =
    name === 'unranked'
      ? ''
      : `<path d="M48 34 L 60 48 L 48 64 L 36 48 Z" fill="${light}" stroke="#fff" stroke-opacity="0.6" stroke-width="1.5"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    ${wings}
    <path d="M48 12 L 76 26 L 72 62 L 48 86 L 24 62 L 20 26 Z" fill="url(#s)" stroke="${dark}" stroke-width="3"/>
    <path d="M48 22 L 66 31 L 63 58 L 48 74 L 33 58 L 30 31 Z" fill="${dark}" opacity="0.55"/>
    ${gem}
  </svg>`;
}

const ROLE_PATHS = {
  top: '<rect x="10" y="10" width="44" height="44" rx="3" fill="none" stroke="#6b7a90" stroke-width="4"/><path d="M10 10 H 40 L 32 18 H 18 V 32 L 10 40 Z" fill="#c8aa6e"/>',
  jungle:
    '<path d="M32 8 C 22 22 20 36 26 56 C 16 44 12 30 18 16 Z M32 8 C 42 22 44 36 38 56 C 48 44 52 30 46 16 Z" fill="#c8aa6e"/><path d="M32 20 C 28 32 28 44 32 56 C 36 44 36 32 32 20 Z" fill="#0ac8b9"/>',
  mid: '<rect x="10" y="10" width="44" height="44" rx="3" fill="none" stroke="#6b7a90" stroke-width="4"/><path d="M14 44 L 44 14 L 50 20 L 20 50 Z" fill="#c8aa6e"/>',
  adc: '<rect x="10" y="10" width="44" height="44" rx="3" fill="none" stroke="#6b7a90" stroke-width="4"/><path d="M54 54 H 24 L 32 46 H 46 V 32 L 54 24 Z" fill="#c8aa6e"/>',
  support:
    '<path d="M32 12 L 46 20 L 42 38 L 32 54 L 22 38 L 18 20 Z" fill="#c8aa6e"/><path d="M18 20 L 6 16 L 14 30 Z M46 20 L 58 16 L 50 30 Z" fill="#0ac8b9"/>',
};

const DEFAULT_ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <defs><radialGradient id="b" cx="0.5" cy="0.35" r="0.75"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#0a1428"/></radialGradient></defs>
  <rect width="128" height="128" fill="url(#b)"/>
  <circle cx="64" cy="50" r="22" fill="#c8aa6e"/>
  <path d="M22 116 C 26 86 44 76 64 76 C 84 76 102 86 106 116 Z" fill="#c8aa6e"/>
  <rect x="3" y="3" width="122" height="122" fill="none" stroke="#c8aa6e" stroke-opacity="0.6" stroke-width="4"/>
</svg>`;

async function write(svg, file, { width, height, quality }) {
  const path = join(OUT, file);
  mkdirSync(join(path, '..'), { recursive: true });
  await sharp(Buffer.from(svg)).resize(width, height).webp({ quality, effort: 6 }).toFile(path);
  const { size } = statSync(path);
  if (size > MAX_BYTES) throw new Error(`${file} is ${size} bytes, over ${MAX_BYTES}`);
  console.log(`${file.padEnd(36)} ${(size / 1024).toFixed(1)} KB`);
}

for (const [name, draw] of Object.entries(BACKGROUNDS)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${draw()}</svg>`;
  await write(svg, `backgrounds/${name}.webp`, { width: W, height: H, quality: 72 });
}
for (const [index, name] of Object.keys(RANK_COLORS).entries()) {
  await write(rankEmblem(name, index), `ranks/${name}.webp`, { width: 96, height: 96, quality: 85 });
}
for (const [name, paths] of Object.entries(ROLE_PATHS)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">${paths}</svg>`;
  await write(svg, `roles/${name}.webp`, { width: 64, height: 64, quality: 85 });
}
await write(DEFAULT_ICON, 'default-summoner-icon.webp', { width: 128, height: 128, quality: 85 });
