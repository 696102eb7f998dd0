import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client.js';

/**
 * Graceful shutdown, in Fastify's close order: this instance's socket connections are closed at the transport
 * level so clients reconnect elsewhere (io plugin, preClose); the HTTP server stops accepting and closes idle
 * keep-alive connections while requests in flight finish (new requests on open connections get a 503 with
 * `Connection: close`); the job runner stops polling and waits for its jobs in flight; Redis and the database
 * are closed last. After `timeoutMs` whatever is left is cut: a job cut short is taken again by another instance
 * once its lease lapses. Resolves with the exit code (0 clean, 1 timed out or failed).
 */
export async function shutdownGracefully({
  app,
  database,
  timeoutMs,
  signal,
}: {
  app: FastifyInstance;
  database: DatabaseHandle;
  timeoutMs: number;
  signal?: string;
}): Promise<number> {
  const started = Date.now();
  app.log.info({ signal, timeoutMs }, 'shutdown: draining sockets, requests and jobs');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown: timed out; cutting the remaining connections and jobs');
      app.server.closeAllConnections();
      resolve(1);
    }, timeoutMs);
  });
  // Node closes the idle keep-alive connections once, when the server stops listening; a connection whose
  // request was in flight then becomes idle and would be kept (Fastify keeps them 72 s), so close those as they go.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const closed = (async () => {
    await app.close();
    await database.close();
    return 0;
  })().catch((err: unknown) => {
    app.log.error({ err }, 'shutdown: closing failed');
    return 1;
  });
  const code = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  app.log.info({ code, ms: Date.now() - started }, 'shutdown: done');
  return code;
}

/** SIGTERM and SIGINT shut down gracefully once; a second signal exits at once. */
export function exitOnSignals(shutdown: (signal: string) => Promise<number>) {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    void shutdown(signal).then((code) => process.exit(code));
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
