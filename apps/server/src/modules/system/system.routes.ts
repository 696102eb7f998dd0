import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverStatusSchema } from '@scrim-gym/shared';

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/server-status',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the server is up (checked by the app on every page change)',
        response: { 200: serverStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { isServerUp: true };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        response: {
          200: z.object({ ok: z.literal(true), databaseMs: z.number() }),
          503: z.object({ ok: z.literal(false), error: z.string(), code: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        return { ok: true as const, databaseMs: await app.database.ping() };
      } catch {
        return reply.status(503).send({ ok: false as const, error: 'database unavailable', code: 'DB_DOWN' });
      }
    },
  );
}
