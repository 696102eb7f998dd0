import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';

/** An echo server that prefixes its answers with its name, so a test can tell the upstreams apart. */
async function startEcho(name: string): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', (chunk) => socket.write(`${name}:${chunk.toString()}`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends `text` and resolves with the answer, or with null after `ms` (nothing came back). */
function ask(socket: Socket, text: string, ms = 300): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('data', onData);
      resolve(null);
    }, ms);
    function onData(chunk: Buffer) {
      clearTimeout(timer);
      resolve(chunk.toString());
    }
    socket.once('data', onData);
    socket.write(text);
  });
}

const closed = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    socket.once('close', () => resolve('closed'));
  });

let a: { server: Server; port: number };
let b: { server: Server; port: number };
const proxies: FaultProxy[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([startEcho('a'), startEcho('b')]);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await Promise.all([a, b].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

async function proxyTo(...ports: number[]) {
  const proxy = await startFaultProxy(ports.map((port) => ({ host: '127.0.0.1', port })));
  proxies.push(proxy);
  return proxy;
}
async function client(proxy: FaultProxy) {
  const socket = await open(proxy.port);
  sockets.push(socket);
  return socket;
}

describe('fault proxy', () => {
  it('forwards, and rewrites a service URL to itself', async () => {
    const proxy = await proxyTo(a.port);
    expect(await ask(await client(proxy), 'hello')).toBe('a:hello');
    expect(proxy.urlFor('postgres://postgres@db.example:5432/test')).toBe(
      `postgres://postgres@127.0.0.1:${proxy.port}/test`,
    );
  });

  it('pause() holds traffic both ways and on new connections; restore() delivers it', async () => {
    const proxy = await proxyTo(a.port);
    const socket = await client(proxy);
    expect(await ask(socket, 'one')).toBe('a:one');
    proxy.pause();
    const held = ask(socket, 'two', 5_000);
    const late = await client(proxy);
    const lateAnswer = ask(late, 'three', 5_000);
    // The point of the test: while paused for this long, no answer gets through.
    const pauseOver = sleep(200).then(() => 'still paused');
    expect(await Promise.race([held, lateAnswer, pauseOver])).toBe('still paused');
    proxy.restore();
    expect(await held).toBe('a:two');
    expect(await lateAnswer).toBe('a:three');
  });

  it('cut() resets open connections and refuses new ones until restore()', async () => {
    const proxy = await proxyTo(a.port);
    const socket = await client(proxy);
    expect(await ask(socket, 'x')).toBe('a:x');
    const ended = closed(socket);
    proxy.cut();
    expect(['ECONNRESET', 'closed']).toContain(await ended);
    // Reset during the handshake or right after it.
    const refused = await client(proxy).then(closed, (err: NodeJS.ErrnoException) => err.code);
    expect(['ECONNRESET', 'closed']).toContain(refused);
    proxy.restore();
    expect(await ask(await client(proxy), 'y')).toBe('a:y');
  });

  it('balances round-robin and fails over when an upstream refuses', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const deadPort = (dead.address() as { port: number }).port;
    await new Promise((resolve) => dead.close(resolve));

    const proxy = await proxyTo(a.port, b.port);
    const answers = [await ask(await client(proxy), 'r'), await ask(await client(proxy), 'r')];
    expect(answers.sort()).toEqual(['a:r', 'b:r']);

    const failover = await proxyTo(deadPort, b.port);
    for (let i = 0; i < 3; i++) expect(await ask(await client(failover), 'f')).toBe('b:f');
    // Many at once: other connections move the turn while one fails over, and it must still reach b.
    const clients = await Promise.all(Array.from({ length: 40 }, () => client(failover)));
    const burst = await Promise.all(clients.map((socket) => ask(socket, 'x', 5_000)));
    expect(burst).toEqual(clients.map(() => 'b:x'));
  });
});
