import { randomUUID } from 'node:crypto';
import { request, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { AUTHORIZATION_TABLE, type Expectations } from '../test/authorization-table.js';
import { bearer, createAdmin, createBannedUser, createUser } from '../test/factories.js';
import { createScrim } from '../test/scrim-factories.js';
import { listenLocally } from '../test/social.js';
import { listApiRoutes, routeUrl } from '../test/openapi-routes.js';

/**
 * No request stalls the process: bodies that are too deep or too big are refused in one cheap pass (or before
 * they are read), a route that needs a session refuses a visitor before reading the body, and a bystander's
 * request is not held up by an attack. Over a real port, so the body really travels (and can be withheld).
 */
const ctx = await createTestApp();
const origin = await listenLocally(ctx.app);
const port = Number(new URL(origin).port);
const db = ctx.database.db;
const [player, admin, banned] = await Promise.all([createUser({ db }), createAdmin({ db }), createBannedUser({ db })]);
const routes = listApiRoutes(ctx.app);

afterAll(() => ctx.close());

interface Answer {
  status: number;
  body: { error?: unknown; code?: unknown } | null;
}

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Without Content-Length (Transfer-Encoding: chunked): the server learns the size only by reading. */
  chunked?: boolean;
}

const CHUNK = 64 * 1024;

/** Until the request can take more, or is closed (the listeners go either way). */
function drained(req: ClientRequest) {
  return new Promise<void>((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      resolve();
    };
    req.on('drain', done).on('close', done);
  });
}

function jsonOrNull(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return null;
  }
}

/**
 * One request on its own connection. The body is written in chunks, as a well-behaved client does, and writing
 * stops once the answer has come (a server that refuses early may close the connection on the rest).
 */
function send({ method, path, headers = {}, body, chunked = false }: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request({
      host: '127.0.0.1',
      port,
      method,
      path,
      agent: false,
      headers: { ...headers, ...(body && !chunked && { 'content-length': String(body.length) }) },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: jsonOrNull(Buffer.concat(chunks).toString('utf8')) });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      for (let at = 0; body && at < body.length && !answered; at += CHUNK) {
        if (!req.write(body.subarray(at, at + CHUNK))) await drained(req);
      }
      if (!answered) req.end();
    })();
  });
}

const json = { 'content-type': 'application/json' };
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

/**
 * Sends `sent` six times and gives the last answer with the median CPU this process spent on one of the last
 * five: the server's refusal and the client's writes. The first warms up the code path; a lone GC pause of
 * earlier garbage does not decide.
 */
async function timed(sent: Sent) {
  await send(sent);
  const costs: number[] = [];
  let answer: Answer | undefined;
  for (let i = 0; i < 5; i++) {
    const before = process.cpuUsage();
    answer = await send(sent);
    costs.push(cpuMs(before));
  }
  return { ...answer!, cpuMs: costs.sort((a, b) => a - b)[2]! };
}

function expectRefusal(answer: Answer, statuses: number[]) {
  expect(statuses, JSON.stringify(answer)).toContain(answer.status);
  expect(typeof answer.body?.error, JSON.stringify(answer.body)).toBe('string');
  expect(typeof answer.body?.code, JSON.stringify(answer.body)).toBe('string');
}

const MILLION_OPEN = Buffer.from('['.repeat(1_000_000));
const MILLION_CLOSED = Buffer.from('['.repeat(1_000_000) + ']'.repeat(1_000_000));
/** Bodies of about `bytes` whose `field` is a long text, a long array or an object with many keys. */
const nearLimitBodies = (bytes: number, field: string) => {
  const room = bytes - field.length - 10;
  const keys = Array.from({ length: Math.floor(room / 12) }, (_, i) => `"k${i.toString(36).padStart(5, '0')}":1`);
  return {
    text: Buffer.from(JSON.stringify({ [field]: 'x'.repeat(room) })),
    array: Buffer.from(`{"${field}":[${'0,'.repeat(Math.floor(room / 2))}0]}`),
    keys: Buffer.from(`{"${field}":{${keys.join(',')}}}`),
  };
};

/** Made once: building them is garbage of their own. */
const NEAR_LIMIT = {
  text: { small: nearLimitBodies(60 * 1024, 'text'), large: nearLimitBodies(2_900_000, 'text') },
  name: { small: nearLimitBodies(60 * 1024, 'name'), large: nearLimitBodies(2_900_000, 'name') },
};

/** A signed-in route and a visitor route, both taking JSON bodies. */
const TARGETS = [
  { name: 'signed-in POST /api/messages', method: 'POST', path: '/api/messages', headers: bearer(player.token) },
  { name: 'visitor POST /api/auth/dev-login', method: 'POST', path: '/api/auth/dev-login', headers: {} },
];

describe('deeply nested JSON', () => {
  it.each(TARGETS)('refuses a million [ to the $name with {error, code} in well under 50 ms of CPU', async (target) => {
    for (const body of [MILLION_OPEN, MILLION_CLOSED]) {
      for (const chunked of [false, true]) {
        const answer = await timed({ ...target, headers: { ...target.headers, ...json }, body, chunked });
        expectRefusal(answer, [400, 413]);
        expect(answer.cpuMs, `${body.length} bytes, chunked: ${chunked}`).toBeLessThan(50);
      }
    }
  });

  it('refuses nesting deeper than 32 levels inside the size limit with a 400, before parsing', async () => {
    for (const body of [
      '['.repeat(40_000),
      `{"text":${'['.repeat(33)}${']'.repeat(33)}}`,
      `${'{"a":'.repeat(33)}1${'}'.repeat(33)}`,
    ]) {
      const answer = await timed({
        ...TARGETS[0]!,
        headers: { ...TARGETS[0]!.headers, ...json },
        body: Buffer.from(body),
      });
      expectRefusal(answer, [400]);
      expect(answer.body?.code).toBe('VALIDATION');
      expect(answer.cpuMs).toBeLessThan(50);
    }
  });

  it('counts brackets inside strings as text, and keeps legitimate bodies working', async () => {
    const text = `[[[{{{ "\\"[[[ ${'['.repeat(100)} \\\\`;
    const conversation = await send({
      ...TARGETS[0]!,
      headers: { ...TARGETS[0]!.headers, ...json },
      body: Buffer.from(JSON.stringify({ conversationId: randomUUID(), text })),
    });
    // Parsed and validated: the conversation does not exist (404), not a 400 for the brackets in the text.
    expect(conversation.status, JSON.stringify(conversation.body)).toBe(404);
  });

  it('keeps refusing prototype poisoning (__proto__, constructor.prototype) with a 400', async () => {
    for (const body of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      const answer = await send({
        ...TARGETS[0]!,
        headers: { ...TARGETS[0]!.headers, ...json },
        body: Buffer.from(body),
      });
      expectRefusal(answer, [400]);
    }
  });
});

describe('near-limit bodies', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(2_000_000, 7),
  ]);
  const cases: (Omit<Sent, 'body'> & { name: string; field?: 'name' })[] = [
    { name: 'messages', method: 'POST', path: '/api/messages', headers: bearer(player.token) },
    { name: 'update-user', method: 'PUT', path: '/api/auth/update-user', headers: bearer(player.token), field: 'name' },
    { name: 'dev-login (visitor)', method: 'POST', path: '/api/auth/dev-login', headers: {} },
    { name: 'banUser (admin)', method: 'POST', path: '/api/admin/banUser', headers: bearer(admin.token) },
    {
      name: 'add-image (admin)',
      method: 'PATCH',
      path: `/api/scrims/${randomUUID()}/add-image`,
      headers: bearer(admin.token),
    },
  ];

  it.each(cases)('are refused by $name in well under 50 ms of CPU', async (target) => {
    for (const bodies of Object.values(NEAR_LIMIT[target.field ?? 'text'])) {
      for (const [shape, body] of Object.entries(bodies)) {
        const answer = await timed({ ...target, headers: { ...target.headers, ...json }, body });
        expectRefusal(answer, [400, 404, 413, 415]);
        expect(answer.cpuMs, `${shape} of ${body.length} bytes`).toBeLessThan(50);
      }
    }
  });

  it('refuses a near-limit image before reading it: a visitor 401, not the captain 403, a missing scrim 404', async () => {
    const scrim = await createScrim({ db, gameStartTime: new Date(Date.now() - 60 * 60 * 1000) });
    const image = { 'content-type': 'image/png' };
    for (const [path, headers, status] of [
      [`/api/scrims/${scrim.id}/add-image`, {}, 401],
      [`/api/scrims/${scrim.id}/add-image`, bearer(player.token), 403],
      [`/api/scrims/${randomUUID()}/add-image`, bearer(admin.token), 404],
    ] as const) {
      expect(await withheldBody('PATCH', path, { ...headers, ...image }, png.length)).toBe(status);
      const answer = await timed({ method: 'PATCH', path, headers: { ...headers, ...image }, body: png });
      expectRefusal(answer, [status]);
      expect(answer.cpuMs).toBeLessThan(50);
    }
  });
});

/** Routes that need a session (visitors get 401) and take a body. */
const needsSession = (expect: Expectations) => expect.visitor === 401;
/** Admin-only routes: every signed-in role but the admin is refused. */
const adminOnly = (expect: Expectations) =>
  (['player', 'otherPlayer', 'captain', 'caster', 'banned'] as const).every((role) => expect[role] === 403) &&
  expect.admin !== 403;
const bodyRoutes = routes.filter((route) => route.method !== 'GET');
const urlOf = (route: (typeof routes)[number]) =>
  routeUrl(route, Object.fromEntries(Object.keys(route.pathParams).map((name) => [name, randomUUID()])));

/**
 * Sends only the headers of a request that announces a body of `length` bytes, and waits for the answer. A
 * server that reads the body before deciding cannot answer (the body never comes), so an answer proves the body
 * was neither read nor parsed.
 */
function withheldBody(method: string, path: string, headers: Record<string, string>, length = 60_000) {
  return new Promise<number | 'no answer'>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const lines = Object.entries({ host: 'localhost', ...json, ...headers, 'content-length': String(length) });
    socket.on('connect', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
    });
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer');
    }, 3000);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (status) {
        clearTimeout(timer);
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

describe('the session is checked before the body is read', () => {
  const sessionRoutes = bodyRoutes.filter((route) => needsSession(AUTHORIZATION_TABLE[route.key]!.expect));
  const adminRoutes = bodyRoutes.filter((route) => adminOnly(AUTHORIZATION_TABLE[route.key]!.expect));

  it('covers the routes it should', () => {
    expect(sessionRoutes.length).toBeGreaterThan(30);
    expect(adminRoutes.map((route) => route.key)).toEqual(
      expect.arrayContaining(['POST /api/scrims', 'POST /api/admin/banUser', 'PATCH /api/scrims/{id}/remove-image']),
    );
  });

  it.each(sessionRoutes.map((route) => [route.key, route] as const))(
    '%s: a visitor gets 401 (a banned user 403) before a bad body is validated',
    async (_key, route) => {
      for (const [headers, status] of [
        [{}, 401],
        [bearer(banned.token), 403],
      ] as const) {
        const res = await ctx.app.inject({
          method: route.method,
          url: urlOf(route),
          headers: { ...headers, ...json },
          payload: '{"broken": [',
        });
        expect(res.statusCode, res.body).toBe(status);
      }
    },
  );

  it.each(sessionRoutes.map((route) => [route.key, route] as const))(
    '%s: a visitor is refused without the body being read',
    async (_key, route) => {
      expect(await withheldBody(route.method, urlOf(route), {})).toBe(401);
    },
  );

  it.each(adminRoutes.map((route) => [route.key, route] as const))(
    '%s: a player gets 403 before the body is read or validated',
    async (_key, route) => {
      expect(await withheldBody(route.method, urlOf(route), bearer(player.token))).toBe(403);
      const res = await ctx.app.inject({
        method: route.method,
        url: urlOf(route),
        headers: { ...bearer(player.token), ...json },
        payload: '{"broken": [',
      });
      expect(res.statusCode, res.body).toBe(403);
    },
  );
});

describe('a bystander during an attack', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  async function bystanderLatencies(count: number) {
    const latencies: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const answer = await send({ method: 'GET', path: '/api/server-status' });
      latencies.push(performance.now() - started);
      expect(answer.status).toBe(200);
    }
    return latencies;
  }

  it('GET /api/server-status answers within 100 ms of its unattacked latency while nested and near-limit bodies arrive', async () => {
    await bystanderLatencies(3); // warm-up
    const quiet = median(await bystanderLatencies(9));

    const { small, large } = NEAR_LIMIT.text;
    const bodies = [MILLION_OPEN, MILLION_CLOSED, small.array, small.keys, large.array, large.keys];
    let attacking = true;
    let attacks = 0;
    const attacker = async (index: number) => {
      const target = TARGETS[index % TARGETS.length]!;
      for (let i = index; attacking; i++) {
        await send({ ...target, headers: { ...target.headers, ...json }, body: bodies[i % bodies.length] }).catch(
          () => null,
        );
        attacks++;
      }
    };
    const attackers = Array.from({ length: 4 }, (_, index) => attacker(index));
    // Under way: every attacker has had an answer at least once.
    await expect.poll(() => attacks, { timeout: 20_000, interval: 5 }).toBeGreaterThanOrEqual(4);
    const attacked = median(await bystanderLatencies(9));
    attacking = false;
    await Promise.all(attackers);

    expect(
      attacked - quiet,
      `bystander median ${attacked.toFixed(1)} ms under attack, ${quiet.toFixed(1)} ms quiet`,
    ).toBeLessThan(100);
  }, 120_000);
});
