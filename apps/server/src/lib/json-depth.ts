const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests arrays and objects more than `maxDepth` levels deep, told in one pass over the text
 * without building anything: brackets inside strings (escaped quotes included) do not count. It stops at the
 * first bracket too deep, so a million `[` costs `maxDepth` steps. Malformed text is left to the parser.
 * `start`: where the JSON begins (a Socket.IO packet has a header before it).
 */
export function exceedsJsonDepth(text: string, maxDepth: number, start = 0): boolean {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
