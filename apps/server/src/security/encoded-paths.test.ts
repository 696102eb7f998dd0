import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { bearer, createUser } from '../test/factories.js';
import { listenLocally } from '../test/social.js';
import { installWriteJournal } from '../test/write-journal.js';

/**
 * The router decodes percent-escapes (`/%61pi/scrims` is `/api/scrims`) and takes absolute-form targets
 * (`http://host/api/...`), while the hooks that look at the raw URL (the session, the origin check) saw neither
 * as an API path. Such spellings are refused before any check runs.
 */
const PUBLIC_URL = 'https://scrim-gym.test';
const EVIL = 'https://evil.example';
const ctx = await createTestApp({ PUBLIC_URL });
const origin = await listenLocally(ctx.app);
const db = ctx.database.db;
const journal = await installWriteJournal(db);
const player = await createUser({ db, name: 'Éric Encoded' });

afterAll(() => ctx.close());

const day = () => {
  const now = Date.now();
  return `region=NA&startDate=${new Date(now - 864e5).toISOString()}&endDate=${new Date(now + 864e5).toISOString()}`;
};

interface Answer {
  status: number;
  body: { error?: string; code?: string } | null;
}

function jsonOrNull(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return null;
  }
}

/** Sends a request line as written (no client normalises it) and returns the status and JSON body. */
function raw(method: string, target: string, headers: Record<string, string> = {}, body = '') {
  return new Promise<Answer>((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const socket = connect(Number(port), hostname);
    const all = {
      host: `${hostname}:${port}`,
      connection: 'close',
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    };
    socket.on('connect', () =>
      socket.write(
        `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n${body}`,
      ),
    );
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', text = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: jsonOrNull(text) });
    });
  });
}

const refusedPath = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body?.code).toBe('BAD_PATH');
  expect(typeof answer.body?.error).toBe('string');
};

describe('percent-encoded letters in the path', () => {
  it('a signed-in read: the plain path answers, the encoded spellings are refused with 400', async () => {
    const session = bearer(player.token);
    expect((await raw('GET', `/api/scrims?${day()}`, session)).status).toBe(200);
    for (const path of ['/%61pi/scrims', '/api/%73crims', '/%61%70%69/scrims', '/api/scrim%53', '/api/scrims%2e']) {
      refusedPath(await raw('GET', `${path}?${day()}`, session));
    }
    refusedPath(
      await raw(
        'GET',
        `/api/users/by-id/${player.id.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
        session,
      ),
    );
  });

  it('a cross-origin write spelled with encoded letters is refused and writes nothing', async () => {
    const login = JSON.stringify({ email: 'csrf-victim@test.dev' });
    const headers = { origin: EVIL, 'content-type': 'application/json' };
    // The plain path: the origin check refuses it.
    const plain = await raw('POST', '/api/auth/dev-login', headers, login);
    expect(plain.status).toBe(403);
    expect(plain.body?.code).toBe('CROSS_ORIGIN');
    for (const path of ['/%61pi/auth/dev-login', '/api/%61uth/dev-login', '/api/auth/dev-logi%6E']) {
      const mark = await journal.mark();
      refusedPath(await raw('POST', path, headers, login));
      expect(await journal.since(mark)).toEqual([]);
    }
    const mark = await journal.mark();
    refusedPath(
      await raw(
        'PATCH',
        `/%61pi/scrims/${crypto.randomUUID()}/set-winner`,
        { ...headers, ...bearer(player.token) },
        '{}',
      ),
    );
    expect(await journal.since(mark)).toEqual([]);
  });

  it('refuses an absolute-form target (http://host/api/...), which skipped the same checks', async () => {
    const headers = { origin: EVIL, 'content-type': 'application/json' };
    const mark = await journal.mark();
    refusedPath(await raw('POST', `${EVIL}/api/auth/dev-login`, headers, JSON.stringify({ email: 'abs@test.dev' })));
    expect(await journal.since(mark)).toEqual([]);
    refusedPath(await raw('GET', `${origin}/api/scrims?${day()}`, bearer(player.token)));
  });

  it('with a trailing slash (the router ignores one): encoded spellings still refused, the cross-origin write too', async () => {
    const session = bearer(player.token);
    expect((await raw('GET', `/api/scrims/?${day()}`, session)).status).toBe(200);
    for (const path of ['/%61pi/scrims/', '/api/%73crims/', '/api/scrims%2e/'])
      refusedPath(await raw('GET', `${path}?${day()}`, session));
    const headers = { origin: EVIL, 'content-type': 'application/json' };
    const mark = await journal.mark();
    const slashed = await raw('POST', '/api/auth/dev-login/', headers, JSON.stringify({ email: 'slash@test.dev' }));
    expect(slashed.status).toBe(403);
    expect(slashed.body?.code).toBe('CROSS_ORIGIN');
    refusedPath(await raw('POST', '/%61pi/auth/dev-login/', headers, JSON.stringify({ email: 'slash@test.dev' })));
    expect(await journal.since(mark)).toEqual([]);
    // Only one slash is ignored: two are another path (here /scrims/:id with an empty id: a JSON 400, never the SPA).
    const doubled = await raw('GET', `/api/scrims//?${day()}`, session);
    expect(doubled.status).toBe(400);
    expect(doubled.body?.code).toBe('VALIDATION');
  });

  it('keeps the escapes a client must use: spaces and non-ASCII in a name, anything in the query', async () => {
    const session = bearer(player.token);
    const byName = await raw('GET', `/api/users/${encodeURIComponent(player.name)}?region=NA`, session);
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    const search = await raw('GET', `/api/users/search?q=%C3%89ric%20%45ncoded`, session);
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    // Not an API path at all: still the SPA's (or a 404), never a refusal by this rule.
    expect((await raw('GET', '/scrims/%C3%A9')).status).not.toBe(400);
  });
});
