import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scrimSchema } from '@scrim-gym/shared';
import { errorResponses } from '../../../lib/responses.js';
import { assertAdmin, assertAdminOrHost, viewerOf } from '../../auth/index.js';
import type { Viewer } from './scrims.policy.js';

/** The scope every scrims route file registers into: zod schemas, behind the session check of scrimsRoutes. */
export type ScrimsApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export const tags = ['scrims'];
export const errors = errorResponses;
export const scrimResponse = { 200: scrimSchema, ...errors };

export const adminOf = (request: FastifyRequest): Viewer => {
  const user = assertAdmin(request.auth);
  return { id: user.id, isAdmin: true };
};

/** An admin or a community host; which scrims a host may run is checked on the scrim itself (canRunScrim). */
export const runnerOf = (request: FastifyRequest): Viewer => {
  assertAdminOrHost(request.auth);
  return viewerOf(request);
};

/** Admins only, checked before the body is read (403 before 400). */
export const adminOnly = (app: ScrimsApp) => ({ onRequest: app.authorizeAdmin });
/** The tools that run a scrim: admins, and community hosts on their own scrims (checked on the locked row). */
export const runnersOnly = (app: ScrimsApp) => ({ onRequest: app.authorizeAdminOrHost });
