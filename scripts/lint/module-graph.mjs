// The module graph of the repository: which unit (a server module, a web feature, an infrastructure folder)
// imports which, counting type-only imports. Used by the lint rule `scrim-gym/no-module-cycle` and by
// `node scripts/lint/module-graph.mjs` (prints every pair of units that import each other).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The units, as folders relative to the repository root; `*` stands for each sub-folder. */
export const UNIT_FOLDERS = [
  'apps/server/src/modules/*',
  'apps/server/src/db',
  'apps/server/src/jobs',
  'apps/server/src/lib',
  'apps/server/src/plugins',
  'apps/server/src/security',
  'apps/web/src/features/*',
  'apps/web/src/app',
  'apps/web/src/components',
  'apps/web/src/lib',
];

const SOURCE_FILE = /\.(ts|tsx|mts)$/;
/** Tests and test folders are left out: a test may reach into what it tests. */
export const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.split(sep).includes('test');
const IMPORT_SOURCE =
  /(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The unit folder (absolute) that holds an absolute file path, or null. */
export function unitOf(file, root = REPO_ROOT) {
  const rel = relative(root, file).split(sep).join('/');
  for (const pattern of UNIT_FOLDERS) {
    if (pattern.endsWith('/*')) {
      const base = pattern.slice(0, -1);
      if (rel.startsWith(base)) {
        const name = rel.slice(base.length).split('/')[0];
        // A loose file directly in modules/ or features/ is not a unit.
        if (rel.slice(base.length).includes('/')) return join(root, base, name);
      }
    } else if (rel === pattern || rel.startsWith(`${pattern}/`)) return join(root, pattern);
  }
  return null;
}

/** Relative import specifiers of a source text (comments are not parsed away; they rarely hold `from '…'`). */
export function importSourcesOf(text) {
  return [...text.matchAll(IMPORT_SOURCE)].map((m) => m[1] ?? m[2]).filter((s) => s.startsWith('.'));
}

function sourceFilesIn(folder) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesIn(path));
    else if (SOURCE_FILE.test(entry.name) && !isTestFile(path)) files.push(path);
  }
  return files;
}

const importsCache = new Map(); // folder -> { stamp, imports: Map<unit, file[]> }

/** The units a unit's product files import, each with the files that do (read from disk, cached by mtime). */
export function unitImports(unit, root = REPO_ROOT) {
  const files = sourceFilesIn(unit);
  const stamp = files.map((f) => `${f}:${statSync(f).mtimeMs}`).join('|');
  const cached = importsCache.get(unit);
  if (cached?.stamp === stamp) return cached.imports;
  const imports = new Map();
  for (const file of files) {
    for (const source of importSourcesOf(readFileSync(file, 'utf8'))) {
      const target = unitOf(resolve(dirname(file), source), root);
      if (!target || target === unit) continue;
      imports.set(target, [...(imports.get(target) ?? []), file]);
    }
  }
  importsCache.set(unit, { stamp, imports });
  return imports;
}

/** Every unit of the repository. */
export function allUnits(root = REPO_ROOT) {
  return UNIT_FOLDERS.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [join(root, pattern)];
    const base = join(root, pattern.slice(0, -2));
    return readdirSync(base, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(base, e.name));
  });
}

/** Pairs of units that import each other, with the files on each side. */
export function twoWayPairs(root = REPO_ROOT) {
  const units = allUnits(root);
  const pairs = [];
  for (const a of units) {
    for (const [b, files] of unitImports(a, root)) {
      if (a < b && unitImports(b, root).has(a))
        pairs.push({ a, b, aFiles: files, bFiles: unitImports(b, root).get(a) });
    }
  }
  return pairs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pairs = twoWayPairs();
  const rel = (p) => relative(REPO_ROOT, p);
  console.log(`${pairs.length} pairs of units import each other`);
  for (const { a, b, aFiles, bFiles } of pairs) {
    console.log(`  ${rel(a)} <-> ${rel(b)}`);
    console.log(`    ${[...new Set(aFiles.map(rel))].join(', ')}`);
    console.log(`    ${[...new Set(bFiles.map(rel))].join(', ')}`);
  }
  process.exitCode = pairs.length ? 1 : 0;
}
