import { connect as connectTcp } from 'node:net';
import { describe, expect, it } from 'vitest';
import { shutdownGracefully } from './shutdown.js';
import { createTestApp } from './test/app.js';
import { createUser } from './test/factories.js';
import { connectClient } from './test/socket-client.js';

/** The shutdown on one instance (the two-process drain under SIGTERM is e2e/instances.test.ts). */
async function listeningApp() {
  const ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as { port: number };
  // The database is closed by the shutdown itself.
  const closeDatabase = ctx.database.close.bind(ctx.database);
  return { ...ctx, port, closeDatabase };
}

describe('graceful shutdown', () => {
  it('closes sockets at the transport (clients reconnect elsewhere), then the server and the database: exit 0', async () => {
    const ctx = await listeningApp();
    const user = await createUser({ db: ctx.database.db });
    const { socket } = await connectClient(`http://127.0.0.1:${ctx.port}`, user.token);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const started = performance.now();
    expect(await shutdownGracefully({ app: ctx.app, database: ctx.database, timeoutMs: 5_000 })).toBe(0);
    expect(performance.now() - started).toBeLessThan(2_000);
    // "io server disconnect" would tell the client not to reconnect.
    expect(await reason).toBe('transport close');
    expect(ctx.app.server.listening).toBe(false);
    await expect(ctx.database.ping()).rejects.toThrow();
  });

  it('gives up after its timeout when a connection does not finish (exit 1), cutting it', async () => {
    const ctx = await listeningApp();
    // A request whose headers never end: neither idle nor answerable, it would hold the server open.
    const stuck = connectTcp(ctx.port, '127.0.0.1');
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.write('GET /api/server-status HTTP/1.1\r\nHost: x\r\n');
    const cut = new Promise((resolve) => stuck.once('close', resolve));
    stuck.on('error', () => {});

    const started = performance.now();
    expect(await shutdownGracefully({ app: ctx.app, database: ctx.database, timeoutMs: 300 })).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_500);
    await cut;
    await ctx.closeDatabase().catch(() => {});
  });
});
