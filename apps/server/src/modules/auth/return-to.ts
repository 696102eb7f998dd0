/** Where a sign-in lands when the requested return path is missing or refused. */
export const DEFAULT_RETURN_TO = '/';
const MAX_RETURN_TO_LENGTH = 500;
/** Deeper percent-encoding than this is never a path our app links to. */
const MAX_DECODINGS = 3;

/** Printable ASCII without space and backslash: anything else is either not a path or rewritten by browsers. */
const RAW_PATH = /^[\x21-\x5b\x5d-\x7e]+$/;
/** After a decoding: control characters and backslashes (browsers strip the former and read the latter as '/'). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_DECODED = /[\u0000-\u001f\u007f\\]/;
const ENCODED_SLASH = /%(2f|5c)/i;
const DOT_SEGMENT = /^\.{1,2}$/;

/** One reading of the path: a single leading '/', no dot segment, no encoded or unsafe slash. */
function isSafeReading(path: string): boolean {
  if (path[0] !== '/' || path[1] === '/' || UNSAFE_DECODED.test(path) || ENCODED_SLASH.test(path)) return false;
  const pathname = path.split(/[?#]/, 1)[0]!;
  return !pathname.split('/').some((segment) => DOT_SEGMENT.test(segment));
}

/**
 * The return path after sign-in, if it can only ever mean a page of this site; else `/`. The raw value must be
 * printable ASCII starting with one `/` (no `//host`, `/\host`, scheme, tab or newline a browser would strip),
 * and so must every percent-decoding of it (no `%2f`, `%5c`, `%0a`, `%2e%2e` at any depth), so neither the
 * browser, the SPA's router nor a proxy that decodes once can read it as another origin.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO_LENGTH || !RAW_PATH.test(value)) {
    return DEFAULT_RETURN_TO;
  }
  let reading = value;
  for (let decodings = 0; decodings <= MAX_DECODINGS; decodings++) {
    if (!isSafeReading(reading)) return DEFAULT_RETURN_TO;
    let decoded: string;
    try {
      decoded = decodeURIComponent(reading);
    } catch {
      return DEFAULT_RETURN_TO;
    }
    if (decoded === reading) return value;
    reading = decoded;
  }
  return DEFAULT_RETURN_TO;
}
