// Decides whether a build is needed: a build's inputs (files and settings) hash to one value, stored in a stamp
// file inside the build's output once it succeeded. The build is skipped only when that output is there and its
// stamp holds the hash of the current inputs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders never read as inputs, and test files (never part of a build). */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Every file under `path` (a file or a folder), sorted, as paths relative to `root`. */
export function listInputFiles(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative(root, full).split(sep).join('/')];
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.isFile() && !isTestFile(entry.name)) {
        files.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
      }
    }
  };
  walk(full);
  return files.sort();
}

/**
 * One hash of a build's inputs: each file's path and bytes (a renamed, added or removed file changes it too) and
 * the settings that change the output (e.g. the mode the bundler runs in).
 */
export function hashInputs({ root, paths, settings = {} }) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.entries(settings).sort()));
  const files = [...new Set(paths.flatMap((path) => listInputFiles(root, path)))].sort();
  for (const file of files) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

/**
 * What to do about a build: `missing` (no output: build), `changed` (output from other inputs, or of unknown
 * inputs: build) or `fresh` (skip).
 * @param {{ outputExists: boolean, storedHash: string | null, inputsHash: string }} state
 */
export function buildDecision({ outputExists, storedHash, inputsHash }) {
  if (!outputExists) return 'missing';
  return storedHash === inputsHash ? 'fresh' : 'changed';
}

export function readStamp(stampFile) {
  return existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
}

export function writeStamp(stampFile, inputsHash) {
  writeFileSync(stampFile, `${inputsHash}\n`);
}
