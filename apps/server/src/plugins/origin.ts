import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { forbidden } from '../lib/errors.js';

export const CROSS_ORIGIN_MESSAGE = 'Requests from other sites are not accepted.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The browser origin allowed to act on the API and to open sockets: PUBLIC_URL's (required in production).
 * Without PUBLIC_URL (development, tests) there is no configured origin to compare with, and nothing is refused.
 */
export function isAllowedOrigin(config: Pick<AppConfig, 'PUBLIC_URL'>, origin: string | undefined): boolean {
  if (!config.PUBLIC_URL || origin === undefined) return true;
  return origin === new URL(config.PUBLIC_URL).origin;
}

/**
 * CSP `connect-src` beyond 'self': PUBLIC_URL's origin with the WebSocket scheme (`wss://` for `https://`).
 * CSP Level 3 browsers count same-origin ws/wss as 'self'; older ones need the socket's origin spelled out.
 * No wildcard `ws:`/`wss:`, which would let an injected script talk to any host.
 */
export function socketConnectSources(config: Pick<AppConfig, 'PUBLIC_URL'>): string[] {
  if (!config.PUBLIC_URL) return [];
  const url = new URL(config.PUBLIC_URL);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin];
}

/** For Socket.IO's `allowRequest`: the handshake (polling or WebSocket upgrade) must come from our origin. */
export const allowSocketOrigin =
  (config: Pick<AppConfig, 'PUBLIC_URL'>) =>
  (request: IncomingMessage, callback: (error: string | null | undefined, allowed: boolean) => void) =>
    callback(null, isAllowedOrigin(config, request.headers.origin));

/**
 * CORS stays closed: the SPA is served from the API's origin, so no response carries
 * Access-Control-Allow-Origin and no other site can read an answer. This adds the other half: a state-changing
 * call that a browser sends from another origin (a form post or a `fetch` with `no-cors`, which the session
 * cookie would follow within the same site) is refused with 403 before it runs. Scripts without an Origin
 * header (Bearer tokens, Riot's callback) are not browsers and pass.
 */
export const originPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!isAllowedOrigin(app.config, request.headers.origin)) throw forbidden(CROSS_ORIGIN_MESSAGE, 'CROSS_ORIGIN');
  });
});
