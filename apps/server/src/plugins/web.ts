import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WEB_DIST_DIR } from '../paths.js';

/**
 * Hashed assets for a year; the service worker never without asking (a new sw.js must reach every browser at
 * its next visit: browsers cap its HTTP caching at 24 h anyway); other public files for 5 minutes.
 */
function cacheControlOf(root: string, path: string) {
  if (path.includes(join(root, 'assets'))) return 'public, max-age=31536000, immutable';
  // The path of the file sent: sw.js, or its pre-compressed sw.js.br / sw.js.gz.
  if (path.replace(/\.(br|gz)$/, '') === join(root, 'sw.js')) return 'no-cache';
  return 'public, max-age=300';
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html and the service worker never cached, and index.html for every
 * non-API path so the client router decides (it renders the not-found page itself).
 */
export const webPlugin = fp(async (app: FastifyInstance, { root = WEB_DIST_DIR }: { root?: string }) => {
  const hasBuild = existsSync(join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        res.header('cache-control', cacheControlOf(root, path));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
