import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WEB_DIST_DIR } from '../paths.js';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and index.html for every
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
        res.header(
          'cache-control',
          path.includes(`${join(root, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
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
