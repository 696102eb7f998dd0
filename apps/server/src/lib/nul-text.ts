/** PostgreSQL text cannot hold U+0000: input that carries one is refused at the door, never sent to the database. */
export const NUL_TEXT_MESSAGE = 'Text cannot contain the NUL character.';

const isContainer = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Buffer.isBuffer(value);
const hasNul = (text: string) => text.includes('\u0000');
const childPath = (at: string, key: string) => (at ? `${at}.${key}` : key);

/**
 * The path (`body.text`, `query.q`, …) of the first string, or object key, that holds a NUL character in
 * `value`; null when there is none. Iterative, so a deeply nested payload cannot overflow the stack; strings and
 * numbers are checked in place and paths are built for containers only, so a near-limit body of 30,000 array
 * items costs a loop, not 30,000 allocations.
 */
export function findNulText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (!isContainer(value)) return null;
  const stack: [object, string][] = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const child: unknown = current[i];
        if (typeof child === 'string') {
          if (hasNul(child)) return childPath(at, String(i));
        } else if (isContainer(child)) {
          stack.push([child, childPath(at, String(i))]);
        }
      }
      continue;
    }
    for (const key of Object.keys(current)) {
      if (hasNul(key)) return childPath(at, key);
      const child: unknown = (current as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (hasNul(child)) return childPath(at, key);
      } else if (isContainer(child)) {
        stack.push([child, childPath(at, key)]);
      }
    }
  }
  return null;
}
