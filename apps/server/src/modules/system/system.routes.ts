import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodeSchema, serverStatusSchema } from '@scrim-gym/shared';
import { databaseUnavailable } from '../../lib/errors.js';
import { withTimeout } from '../../lib/timeout.js';

/** `off`: no REDIS_URL (one instance); `degraded`: Redis unreachable, this instance serves its own clients. */
const redisStateSchema = z.enum(['ok', 'degraded', 'off']);
/** A readiness probe must answer fast even when the database hangs. */
const READY_DATABASE_TIMEOUT_MS = 2000;

export async function systemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Neither route needs to know who asks: a session cookie sent along is not even looked up.
  app.get(
    '/server-status',
    {
      config: { session: false },
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
      config: { session: false },
      schema: {
        tags: ['system'],
        summary:
          'Readiness for a load balancer: 200 while the database answers (within 2 s), else 503. `redis` says whether ' +
          'this instance reaches the others (degraded: it serves its own clients only)',
        response: {
          200: z.object({ ok: z.literal(true), databaseMs: z.number(), redis: redisStateSchema }),
          503: z.object({ ok: z.literal(false), error: z.string(), code: errorCodeSchema, redis: redisStateSchema }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const redis: z.infer<typeof redisStateSchema> = app.redis ? (app.redis.healthy ? 'ok' : 'degraded') : 'off';
      const databaseMs = await withTimeout(app.database.ping(), READY_DATABASE_TIMEOUT_MS, null).catch(() => null);
      if (databaseMs !== null) return { ok: true as const, databaseMs, redis };
      const { message, code } = databaseUnavailable();
      return reply.status(503).send({ ok: false as const, error: message, code, redis });
    },
  );
}
