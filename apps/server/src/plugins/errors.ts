import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isErrorCode, MESSAGES, type ErrorBody, type ErrorCode } from '@scrim-gym/shared';
import { AppError, databaseUnavailable, isDatabaseUnavailable, uniqueViolation } from '../lib/errors.js';

/**
 * The contract's code for an error Fastify raised itself (an unreadable body, a wrong content type…): its own
 * `FST_ERR_*` codes are not part of the contract (ERROR_CODES), so the status decides.
 */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 414) return 'URI_TOO_LONG';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or error handler runs (a path parameter
 * over maxParamLength: 414; a malformed URL component: 400), in the one error shape, with the contract's code,
 * instead of Fastify's own body with its `FST_ERR_*` code.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const code: ErrorCode = status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST';
  void reply.status(status).send({ error: MESSAGES.badRequest, code } satisfies ErrorBody);
}

/**
 * One error shape everywhere: `{ error, code }` with an honest status (docs/contract.md). Bad input is a 4xx with a
 * human message; only real faults are a 500, logged, with no internals in the body.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ error: error.message, code: error.code, ...error.extra } satisfies ErrorBody);
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
      return reply.status(409).send({ error: 'This already exists.', code: 'CONFLICT' } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: answered fast so clients and the load balancer retry (the pool's timeouts bound it).
      request.log.warn({ err: error }, 'database unavailable');
      const unavailable = databaseUnavailable();
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: unavailable.message, code: unavailable.code } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = isErrorCode(error.code) ? error.code : codeOfStatus(status);
      return reply.status(status).send({ error: error.message, code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: MESSAGES.unexpected, code: 'INTERNAL' } satisfies ErrorBody);
  });
});
