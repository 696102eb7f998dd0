import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isErrorCode } from '@scrim-gym/shared';
import { hostileFor, hostileValue, nastyString, validValue, type IdPool } from './arbitraries.js';
import { routeUrl, type ApiRoute } from './openapi-routes.js';
import type { JournalEntry, WriteJournal } from './write-journal.js';

export interface FuzzRequest {
  method: ApiRoute['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Replaces the actor's `Authorization` header (a forged or broken token). */
  authorization?: string;
}

/** Percent-encodes every byte, so even a lone surrogate or a NUL reaches the router as the client meant it. */
const encodeBytes = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
const safeEncode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeBytes(value);
  }
};
/** As typed, when it is printable ASCII without `/?#` (malformed escapes like `%E0%A` included); else encoded. */
const rawEncode = (value: string) => (/^[\x21-\x7e]*$/.test(value) && !/[/?#]/.test(value) ? value : safeEncode(value));
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/** A path parameter: a valid one (often a real row's id), or anything else, encoded or raw. */
function pathValue(route: ApiRoute, name: string, pool: IdPool): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(route.pathParams[name], pool).map(asText) },
    { weight: 2, arbitrary: nastyString.map((v) => v.slice(0, 300)) },
  );
}

function queryArbitrary(route: ApiRoute, pool: IdPool): fc.Arbitrary<Record<string, string | string[]>> {
  const declared = Object.entries(route.query).map(([name, { schema, required }]) => {
    const valid = validValue(schema, pool).map(asText);
    const value = fc.oneof(
      { weight: 4, arbitrary: valid },
      { weight: 2, arbitrary: hostileValue.map(asText).map((v) => v.slice(0, 5000)) },
      { weight: 1, arbitrary: fc.tuple(valid, nastyString).map(([a, b]) => [a, b.slice(0, 100)]) },
    );
    return [
      name,
      required
        ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fc.constant(undefined) })
        : fc.option(value),
    ] as const;
  });
  const extra = fc.array(
    fc.tuple(
      fc.constantFrom('__proto__', 'constructor', '__proto__[isAdmin]', 'isAdmin', 'userId', 'a[b]'),
      fc.constantFrom('1', 'true', ''),
    ),
    { maxLength: 2 },
  );
  return fc.tuple(fc.tuple(...declared.map(([, v]) => v)), extra).map(([values, extras]) => {
    const query: Record<string, string | string[]> = {};
    declared.forEach(([name], i) => {
      const value = values[i];
      if (value !== undefined && value !== null) query[name] = value as string | string[];
    });
    for (const [name, value] of extras) query[name] = value;
    return query;
  });
}

const MULTIPART = '----fuzzboundary';
/** How the body travels: JSON mostly, but also broken JSON, other content types, nothing, or too much. */
function payloadArbitrary(route: ApiRoute, pool: IdPool) {
  const body = hostileFor(route.body ?? undefined, pool);
  type Payload = { contentType?: string; payload?: string | Buffer };
  const payloads: fc.WeightedArbitrary<Payload>[] = [
    { weight: 12, arbitrary: body.map((b) => ({ contentType: 'application/json', payload: JSON.stringify(b) ?? '' })) },
    { weight: 2, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', payload: '' }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"a":', '{"a":1,}', "{'a':1}", 'nul', '[', '"\\ud800"', '{"a":1}{"b":2}')
        .map((p) => ({
          contentType: 'application/json',
          payload: p,
        })),
    },
    { weight: 1, arbitrary: body.map((b) => ({ contentType: 'text/plain', payload: asText(b) })) },
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: 'application/x-www-form-urlencoded', payload: 'a=1&__proto__[isAdmin]=1' }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: `multipart/form-data; boundary=${MULTIPART}`,
        payload: `--${MULTIPART}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${MULTIPART}--\r\n`,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({
        contentType: 'application/octet-stream',
        payload: Buffer.from(bytes),
      })),
    },
    {
      weight: 1,
      arbitrary: body.map((b) => ({
        contentType: 'application/json; charset=utf-16le',
        payload: JSON.stringify(b) ?? '',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ contentType: 'application/json', payload: `"${'x'.repeat(7 * 1024 * 1024)}"` }),
    },
  ];
  return fc.oneof(...payloads);
}

/** A request to `route` as a hostile client would send it (the actor's session is added when sending). */
export function hostileRequest(route: ApiRoute, pool: IdPool): fc.Arbitrary<FuzzRequest> {
  const names = Object.keys(route.pathParams);
  const params = fc.tuple(...names.map((name) => pathValue(route, name, pool)));
  const authorization = fc.oneof(
    { weight: 20, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer ', `Bearer ${'a'.repeat(5000)}`, 'Basic YTpi', 'Bearer \u00ff') },
  );
  return fc
    .tuple(params, fc.boolean(), queryArbitrary(route, pool), payloadArbitrary(route, pool), authorization)
    .map(([values, raw, query, { contentType, payload }, auth]) => {
      const byName = Object.fromEntries(names.map((name, i) => [name, values[i]!]));
      return {
        method: route.method,
        url: routeUrl(route, byName, query, raw ? rawEncode : safeEncode),
        headers: contentType ? { 'content-type': contentType } : ({} as Record<string, string>),
        ...(payload !== undefined && { payload }),
        ...(auth !== undefined && { authorization: auth }),
      };
    });
}

/**
 * What went wrong with one response, or null: a 5xx, an error without the `{error, code}` body or with a code
 * the contract does not list (ERROR_CODES), a write.
 */
export function judgeResponse(res: LightMyRequestResponse, writes: JournalEntry[]): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  let body: { error?: unknown; code?: unknown } | null;
  try {
    body = res.json();
  } catch {
    body = null;
  }
  if (typeof body?.error !== 'string' || typeof body.code !== 'string') {
    return `answered ${res.statusCode} without the {error, code} body: ${res.body.slice(0, 300)}`;
  }
  if (!isErrorCode(body.code)) return `answered ${res.statusCode} with a code outside ERROR_CODES: ${body.code}`;
  const unexpected = writes.filter((w) => !isAuditOfRefusal(body.code as string, w));
  if (unexpected.length > 0) {
    return `rejected with ${res.statusCode} but wrote ${unexpected.map((w) => `${w.op} ${w.table}`).join(', ')}`;
  }
  return null;
}

/** Refusals that are themselves audited (a wrong admin key leaves one audit row): their trace is the point. */
const AUDITED_REFUSALS = new Set(['BAD_ADMIN_KEY']);
const isAuditOfRefusal = (code: string, write: JournalEntry) =>
  AUDITED_REFUSALS.has(code) && write.table === 'audit_log' && write.op === 'INSERT';

export interface FuzzActor {
  /** The session token sent as `Authorization: Bearer`. */
  token(): string;
  /** After an accepted request that touched sessions, users or bans: makes sure the actor can still act. */
  restore(): Promise<void>;
  /** After every request: what the actor must never have changed, whatever it was answered (null: held). */
  invariant?(): Promise<string | null>;
}

/**
 * Sends `numRuns` hostile requests to `route` as `actor` and fails on the first 5xx, bare error or write by a
 * rejected request, with the seed that replays it (`FUZZ_SEED=<seed>`). Returns the number of requests sent.
 */
export async function fuzzRoute({
  app,
  route,
  pool,
  actor,
  journal,
  numRuns,
  seed,
  statuses,
}: {
  app: FastifyInstance;
  route: ApiRoute;
  pool: IdPool;
  actor: FuzzActor;
  journal: WriteJournal;
  numRuns: number;
  seed: number;
  /** Tally of the answers, by status (for the suite's summary). */
  statuses: Map<number, number>;
}): Promise<number> {
  let sent = 0;
  const property = fc.asyncProperty(hostileRequest(route, pool), async (request) => {
    const mark = await journal.mark();
    const res = await app.inject({
      method: request.method,
      url: request.url,
      headers: { ...request.headers, authorization: request.authorization ?? `Bearer ${actor.token()}` },
      ...(request.payload !== undefined && { payload: request.payload }),
    });
    sent++;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const writes = await journal.since(mark);
    const problem = judgeResponse(res, writes) ?? (await actor.invariant?.()) ?? null;
    if (problem) {
      const shown = { ...request, payload: request.payload?.slice(0, 500).toString() };
      throw new Error(`${route.key} ${problem}\nrequest: ${JSON.stringify(shown)}`);
    }
    if (writes.some((w) => ['sessions', 'users', 'bans'].includes(w.table))) await actor.restore();
  });
  const routeSeed = seedFor(seed, route.key);
  try {
    await fc.assert(property, { numRuns, seed: routeSeed, endOnFailure: false, markInterruptAsFailure: true });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nReplay with FUZZ_SEED=${seed} (route seed ${routeSeed})`, {
      cause: error,
    });
  }
  return sent;
}

/** The run's seed: FUZZ_SEED when replaying a failure, else a fresh one (printed by the suites). */
export function fuzzSeed(): number {
  const fromEnv = Number(process.env.FUZZ_SEED);
  return Number.isInteger(fromEnv) && process.env.FUZZ_SEED ? fromEnv : Math.floor(Math.random() * 2 ** 31);
}

/** One seed per route, so adding a route does not change what the others are sent. */
const seedFor = (seed: number, key: string) => createHash('sha256').update(`${seed}:${key}`).digest().readInt32LE(0);
