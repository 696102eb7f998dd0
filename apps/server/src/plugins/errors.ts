import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ErrorBody } from '@scrim-gym/shared';
import { AppError, databaseUnavailable, isDatabaseUnavailable, uniqueViolation } from '../lib/errors.js';

/**
 * One error shape everywhere: `{ error, code }` with an honest status (DESIGN.md 3). Bad input is a 4xx with a
 * human message; only real faults are a 500, logged, with no internals in the body.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? MESSAGES.badRequest,
      }));
      const body: ErrorBody = { error: details[0]?.message ?? MESSAGES.badRequest, code: 'VALIDATION', details };
      return reply.status(400).send(body);
    }
    if (uniqueViolation(error)) {
      return reply.status(409).send({ error: 'This already exists.', code: 'CONFLICT' });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: answered fast so clients and the load balancer retry (the pool's timeouts bound it).
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = databaseUnavailable();
      return reply.status(503).header('retry-after', '5').send({ error: unavailable.message, code: unavailable.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: MESSAGES.unexpected, code: 'INTERNAL' });
  });
});
