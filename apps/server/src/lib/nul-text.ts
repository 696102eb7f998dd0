/** PostgreSQL text cannot hold U+0000: input that carries one is refused at the door, never sent to the database. */
export const NUL_TEXT_MESSAGE = 'Text cannot contain the NUL character.';

/**
 * The path (`body.text`, `query.q`, …) of the first string, or object key, that holds a NUL character in
 * `value`; null when there is none. Iterative, so a deeply nested payload cannot overflow the stack.
 */
export function findNulText(value: unknown, path = ''): string | null {
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at;
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
