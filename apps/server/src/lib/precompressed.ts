import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Levels that keep a re-fill cheap (measured on the hub's 200-scrim list, ~550 KB: brotli 4 in ~15 ms, gzip 6 in
 * ~3 ms, both on libuv's thread pool, against brotli 11's ~1.2 s) for a size within a few % of the best.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const SUFFIX: Record<ContentEncoding, string> = { br: '-br', gzip: '-gz', identity: '' };

/**
 * One JSON answer kept as bytes: the identity body, its gzip and brotli copies (each made once, on the first
 * request that asks for it; concurrent first requests share the work), and a strong ETag per encoding derived
 * from a hash of the content, so every instance gives the same bytes the same tag.
 */
export class EncodedBody {
  readonly etag: string;
  private readonly encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>> = {};

  /** `tag`: a prefix that tells apart bodies meant for viewers with different rights, whatever their bytes. */
  constructor(
    readonly body: Buffer,
    tag = '',
  ) {
    this.etag = `${tag}${createHash('sha256').update(body).digest('base64url').slice(0, 27)}`;
  }

  etagFor(encoding: ContentEncoding) {
    return `"${this.etag}${SUFFIX[encoding]}"`;
  }

  bytes(encoding: ContentEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.body);
    let copy = this.encoded[encoding];
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : gzipAsync(this.body, { level: GZIP_LEVEL });
      this.encoded[encoding] = copy;
      // A failure is not kept: the next request tries again.
      copy.catch(() => delete this.encoded[encoding]);
    }
    return copy;
  }

  /** Whether If-None-Match names this content (in any encoding: the same bytes once decoded). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    for (const raw of ifNoneMatch.split(',')) {
      const tag = raw.trim();
      if (tag === '*') return true;
      // If-None-Match compares weakly (RFC 9110 13.1.2): a W/ prefix added by a proxy still matches.
      const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
      if (!opaque.startsWith('"') || !opaque.endsWith('"')) continue;
      const value = opaque.slice(1, -1);
      if (value === this.etag || value === `${this.etag}-br` || value === `${this.etag}-gz`) return true;
    }
    return false;
  }
}

/**
 * The encoding to send for an Accept-Encoding header (RFC 9110 12.5.3): the highest q among br and gzip (br on a
 * tie), `*` standing for any not named; q=0 refuses. Identity unless refused, and even then (the answer is not
 * refused with a 406: every client reads identity JSON).
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'identity';
  const known = negotiated.get(value);
  if (known) return known;
  const encoding = parseAcceptEncoding(value);
  // Browsers send a handful of distinct headers: remember short ones, a bounded number of them.
  if (value.length <= NEGOTIATED_MAX_LENGTH) {
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(value, encoding);
  }
  return encoding;
}

/** The encodings of headers already parsed: the hub's list answers the same few headers all day. */
const negotiated = new Map<string, ContentEncoding>();
const NEGOTIATED_MAX = 100;
const NEGOTIATED_MAX_LENGTH = 200;

function parseAcceptEncoding(value: string): ContentEncoding {
  const q = new Map<string, number>();
  for (const item of value.split(',').slice(0, 32)) {
    const [name, ...params] = item.split(';');
    const coding = name!.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const [key, raw] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') {
        const parsed = Number(raw);
        weight = raw && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(raw) && Number.isFinite(parsed) ? parsed : 0;
      }
    }
    // The first mention of a coding counts (a repeat does not raise or lower it).
    if (!q.has(coding)) q.set(coding, weight);
  }
  const weightOf = (coding: string) => q.get(coding) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), q.get('x-gzip') ?? 0);
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/**
 * Sends a precomputed JSON body: 304 when If-None-Match names it, otherwise the encoding the client accepts with
 * its own ETag and Content-Encoding. The route must opt out of @fastify/compress (`compress: false`).
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, encoded: EncodedBody) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply
    .header('vary', 'Accept-Encoding, Cookie, Authorization')
    .header('cache-control', 'private, no-cache')
    .header('etag', encoded.etagFor(encoding));
  if (encoded.matches(request.headers['if-none-match'])) return reply.code(304).send();
  const bytes = await encoded.bytes(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(bytes);
}
