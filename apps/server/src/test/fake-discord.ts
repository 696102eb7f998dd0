import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { jobs } from '../db/schema/index.js';

/**
 * A local fake of Discord's "Execute Webhook" endpoint on 127.0.0.1 (a random port): it records every request and
 * answers as Discord does (204 without a body), or as a test tells it to: 204 after a delay, 429 with `retry_after` in
 * the JSON body (and/or a Retry-After header), a 5xx, 404 `Unknown Webhook` (deleted), or no answer at all (`hang`).
 */
export type FakeDiscordAnswer =
  /** `delayMs`: the answer waits that long (a post in flight, for what happens meanwhile). */
  | { status: 204; delayMs?: number }
  | { status: 429; retryAfter?: number; retryAfterHeader?: string }
  | { status: 400 | 401 | 404 | 500 | 502 | 503 }
  | { hang: true };

export interface FakeDiscordRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body (to look for what must never be in it). */
  raw: string;
  body: {
    embeds: {
      title: string;
      url: string;
      description: string;
      color: number;
      fields: { name: string; value: string }[];
    }[];
    allowed_mentions: { parse: string[] };
  };
}

export interface FakeDiscord {
  /** A webhook URL on the fake, shaped like Discord's path. */
  webhookUrl: string;
  requests: FakeDiscordRequest[];
  /** Answers for the next requests, in order; once used up, 204. */
  answer(...answers: FakeDiscordAnswer[]): void;
  /** The embeds' titles received so far, in order. */
  titles(): string[];
  close(): Promise<void>;
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const requests: FakeDiscordRequest[] = [];
  const queue: FakeDiscordAnswer[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: FakeDiscordRequest['body'];
      try {
        body = JSON.parse(raw) as FakeDiscordRequest['body'];
      } catch {
        body = { embeds: [], allowed_mentions: { parse: [] } };
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body });
      const next = queue.shift() ?? { status: 204 };
      if ('hang' in next) {
        hanging.add(res);
        return;
      }
      if (next.status === 204) {
        if (!next.delayMs) return void res.writeHead(204).end();
        hanging.add(res);
        setTimeout(() => {
          hanging.delete(res);
          res.writeHead(204).end();
        }, next.delayMs);
        return;
      }
      if (next.status === 429) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (next.retryAfterHeader !== undefined) headers['retry-after'] = next.retryAfterHeader;
        const json = next.retryAfter === undefined ? {} : { retry_after: next.retryAfter, global: false };
        return void res
          .writeHead(429, headers)
          .end(JSON.stringify({ message: 'You are being rate limited.', ...json }));
      }
      const message = next.status === 404 ? { message: 'Unknown Webhook', code: 10015 } : { message: 'Error' };
      res.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(message));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/123456789012345678/fake-token_${port}`,
    requests,
    answer: (...answers) => void queue.push(...answers),
    titles: () => requests.map((r) => r.body.embeds[0]?.title ?? ''),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Makes a job due now (its retry's runAt moved to the past): "due" is decided by the database's now(). */
export async function makeJobDue(db: Database, dedupeKey: string) {
  await db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.dedupeKey, dedupeKey));
}
