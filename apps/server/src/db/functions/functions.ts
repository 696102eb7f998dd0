import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The one home of each SQL function's current definition: `<name>.sql` in this folder. The migrations apply them
 * (a change is a new migration made by `npm run db:functions -- <name>`); functions.test.ts fails when the migrated
 * database and a file differ.
 */
export const FUNCTIONS_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

export function functionFiles() {
  return readdirSync(FUNCTIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), sql: readFileSync(`${FUNCTIONS_DIR}/${file}`, 'utf8') }));
}
