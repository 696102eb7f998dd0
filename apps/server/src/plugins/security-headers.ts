import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config.js';
import { socketConnectSources } from './origin.js';

type ContentSecurityPolicy = Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>;

/** The CSP of our pages (docs/security.md): no inline or evaluated script, our own origin only. */
function contentSecurityPolicy(config: AppConfig): ContentSecurityPolicy {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects style tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', new URL(config.DDRAGON_BASE_URL).origin],
      // The draft's champion grid reads champion.json from Data Dragon itself (the icons' origin).
      connectSrc: ["'self'", ...socketConnectSources(config), new URL(config.DDRAGON_BASE_URL).origin],
      // The service worker (/sw.js: pushes, the offline page) and the web app manifest, from our origin only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // The guide is our own illustrated page: nothing is framed.
      frameSrc: ["'none'"],
      upgradeInsecureRequests: config.isProduction ? [] : null,
    },
  };
}

/**
 * The headers helmet's middleware would set, captured once: helmet (the maintained library of the field) decides
 * the values, and no request pays for building them again (@fastify/helmet ran the middleware per request, 90 to
 * 220 µs of CPU each).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  // Helmet's middleware is synchronous; an option that made it otherwise (a per-request nonce) must not pass.
  if (!called) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return headers;
}

const isHtml = (contentType: unknown) => typeof contentType === 'string' && contentType.startsWith('text/html');

/**
 * Security headers on every answer, computed once at start: helmet's set (HSTS in production only) on all, and
 * the Content-Security-Policy on HTML only — it governs documents; on JSON, images or scripts it does nothing.
 * A page that brings its own CSP (Swagger UI at /api/docs) keeps it.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const common = Object.entries(helmetHeaders({ contentSecurityPolicy: false, hsts: config.isProduction }));
  const csp = helmetHeaders({ contentSecurityPolicy: contentSecurityPolicy(config) })['content-security-policy']!;

  app.addHook('onSend', (_request, reply, payload, done) => {
    for (const [name, value] of common) reply.header(name, value);
    if (isHtml(reply.getHeader('content-type')) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', csp);
    }
    done(null, payload);
  });
});
