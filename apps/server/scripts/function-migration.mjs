// `npm run db:functions -- <name> [<name>…]`: a new migration that applies the current definition of each named SQL
// function from src/db/functions/<name>.sql (drizzle-kit makes the empty custom migration and its journal entry;
// this fills it). Run it after changing a function's file: the functions check fails until the migrations agree.
// A changed argument list makes the migration drop the old signature first (function-signature.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { argumentTypes } from './function-signature.mjs';

const server = fileURLToPath(new URL('..', import.meta.url));
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: npm run db:functions -- <function name> [<function name>…]');
  process.exit(2);
}
const migrations = `${server}/drizzle`;
const before = new Set(readdirSync(migrations));
/** The argument types the migrations last gave `name`, or null when none defined it. */
function appliedArgumentTypes(name) {
  const files = [...before].filter((f) => /^\d{4}_.*\.sql$/.test(f)).sort();
  for (const file of files.reverse()) {
    const types = argumentTypes(readFileSync(`${migrations}/${file}`, 'utf8'), name);
    if (types !== null) return types;
  }
  return null;
}
// A changed argument list is another function to PostgreSQL: CREATE OR REPLACE would leave the old one beside it,
// so the old signature is dropped first, in the same migration (one transaction).
const definitions = names.map((name) => {
  const definition = readFileSync(`${server}/src/db/functions/${name}.sql`, 'utf8').trim();
  const applied = appliedArgumentTypes(name);
  if (applied === null || applied === argumentTypes(definition, name)) return definition;
  console.log(`${name}: its arguments changed (were ${applied}): the migration drops the old signature first`);
  return `DROP FUNCTION IF EXISTS ${name}(${applied});\n--> statement-breakpoint\n${definition}`;
});
execFileSync(
  'npx',
  ['drizzle-kit', 'generate', '--custom', '--config', `${server}/drizzle.config.ts`, '--name', names.join('_')],
  { stdio: 'inherit', cwd: `${server}/../..` },
);
const made = readdirSync(migrations).find((file) => file.endsWith('.sql') && !before.has(file));
if (!made) throw new Error('drizzle-kit made no migration');
// drizzle-kit numbers by the journal's length, and the journal has gaps: the migration takes the next free number.
const next = Math.max(...[...before].filter((f) => /^\d{4}_.*\.sql$/.test(f)).map((f) => Number(f.slice(0, 4)))) + 1;
const tag = `${String(next).padStart(4, '0')}_${made.slice(5, -'.sql'.length)}`;
rmSync(`${migrations}/${made}`);
const snapshot = (number) => `${migrations}/meta/${number}_snapshot.json`;
if (made.slice(0, 4) !== tag.slice(0, 4) && existsSync(snapshot(made.slice(0, 4)))) {
  renameSync(snapshot(made.slice(0, 4)), snapshot(tag.slice(0, 4)));
}
writeFileSync(`${migrations}/${tag}.sql`, `${definitions.join('\n--> statement-breakpoint\n')}\n`);
const journalPath = `${migrations}/meta/_journal.json`;
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
Object.assign(journal.entries.at(-1), { idx: next, tag });
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`${tag}.sql: applies ${names.join(', ')}`);
