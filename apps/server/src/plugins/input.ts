import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';
import { findNulText, NUL_TEXT_MESSAGE } from '../lib/nul-text.js';

/**
 * Every route: a NUL character anywhere in the path parameters, query or body is a 400 before the route's own
 * validation, instead of a database error (a 500) wherever the text would have reached PostgreSQL.
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const path = findNulText({ params: request.params, query: request.query, body: request.body });
    if (path !== null) {
      throw badRequest(NUL_TEXT_MESSAGE, 'VALIDATION', { details: [{ path, message: NUL_TEXT_MESSAGE }] });
    }
  });
});
