import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';
import { exceedsJsonDepth } from '../lib/json-depth.js';
import { findNulText, NUL_TEXT_MESSAGE } from '../lib/nul-text.js';

/**
 * Largest JSON body: the longest legitimate one is a 2,000-character message, at most ~12 KB even with every
 * character escaped (`\uXXXX`); images travel as binary on their own route. Above it: 413 before reading.
 */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Deepest JSON body: the contract's deepest is 3 levels (`{playerData:{team:{name}}}`). */
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
export const BAD_PATH_MESSAGE =
  'Request paths must be plain paths: no scheme or host, and no percent-encoded letters, digits or "-._~".';

/** `%XX` of a character that needs no escape (RFC 3986 unreserved: letters, digits, `-._~`). */
const ESCAPED_UNRESERVED = /%(?:3[0-9]|[46][1-9a-f]|[57][0-9a]|2[de]|5f|7e)/i;

/**
 * Whether the request target is one only a client avoiding our checks would send: an absolute-form target
 * (`http://host/api/...`) or a path with an escaped letter, digit or `-._~` (`/%61pi/...`). The router matches
 * both to an API route while the raw URL, which the session and origin hooks read, does not look like one.
 */
export function isDisguisedTarget(url: string): boolean {
  if (!url.startsWith('/')) return true;
  const queryAt = url.indexOf('?');
  return ESCAPED_UNRESERVED.test(queryAt === -1 ? url : url.slice(0, queryAt));
}

/**
 * Input refused at the door, before any other check:
 * - a disguised path (`isDisguisedTarget`) is a 400, so every hook after this one sees the path the router used;
 * - JSON bodies are parsed by Fastify's own parser (secure-json-parse: `__proto__` and `constructor.prototype`
 *   refused) after a one-pass depth scan, so deep nesting costs nothing; their size limit is the app's bodyLimit;
 * - a NUL character anywhere in the path parameters, query or body is a 400 before the route's own validation
 *   (PostgreSQL text cannot hold it: it would have been a 500 wherever it reached the database).
 */
export const inputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (isDisguisedTarget(request.url)) throw badRequest(BAD_PATH_MESSAGE, 'BAD_PATH');
  });

  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsJsonDepth(body as string, JSON_MAX_DEPTH)) {
      done(
        badRequest(JSON_TOO_DEEP_MESSAGE, 'VALIDATION', { details: [{ path: '', message: JSON_TOO_DEEP_MESSAGE }] }),
      );
      return;
    }
    parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    const path = findNulText({ params: request.params, query: request.query, body: request.body });
    if (path !== null) {
      throw badRequest(NUL_TEXT_MESSAGE, 'VALIDATION', { details: [{ path, message: NUL_TEXT_MESSAGE }] });
    }
  });
});
