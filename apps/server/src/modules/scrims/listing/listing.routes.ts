import { z } from 'zod';
import {
  mySecretsResponseSchema,
  scrimListQuerySchema,
  scrimNextDaysQuerySchema,
  scrimNextDaysSchema,
  scrimSchema,
} from '@scrim-gym/shared';
import { sendEncoded } from '../../../lib/precompressed.js';
import { rateLimitedErrorResponses } from '../../../lib/responses.js';
import { viewerOf } from '../../auth/index.js';
import { listMissBudget } from './list-budget.js';
import { errors, tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import * as reads from './list-reads.js';

/**
 * The hub's reads: a region's day of public scrims, the days that have any, and the viewer's lobby secrets.
 */
export function listingRoutes(app: ScrimsApp, deps: ScrimDeps) {
  const listAdmit = listMissBudget(app.redis);

  app.get(
    '/scrims',
    {
      // The answer is compressed already (brotli or gzip, made once per list): @fastify/compress leaves it alone.
      compress: false,
      schema: {
        tags,
        summary: "Public scrims of a region starting in [startDate, endDate): the hub's day",
        description:
          'The same bytes for every viewer but admins: no lobby secrets (a participant gets theirs from ' +
          'GET /api/scrims/mine-secrets); admins get every lobby secret and Riot errors. Strong ETag (304 on ' +
          'If-None-Match), brotli or gzip as the client accepts, `Cache-Control: private, no-cache`. At most 8 ' +
          'days; a client whose requests the cache cannot answer (new days, new sets of scrims) too often gets ' +
          '429 with Retry-After.',
        querystring: scrimListQuerySchema,
        response: {
          200: z.array(scrimSchema),
          304: z.null().describe('Not modified'),
          ...rateLimitedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const list = await reads.listScrims({
        deps,
        viewer: viewerOf(request),
        query: request.query,
        admit: listAdmit(request),
      });
      // Precomputed bytes, sent as they are: no serialisation, no compression per request.
      return sendEncoded(request, reply, list);
    },
  );

  app.get(
    '/scrims/next-days',
    {
      schema: {
        tags,
        summary: "The viewer's local days with public scrims of a region in the 14 days after `after`",
        description:
          "An empty day's pointer to the next days that have scrims: `days` as 'YYYY-MM-DD' in `timeZone`, in " +
          "order. Read from the hub's cached UTC days, with the same budget (429 with Retry-After) for days the " +
          'cache does not hold.',
        querystring: scrimNextDaysQuerySchema,
        response: { 200: scrimNextDaysSchema, ...rateLimitedErrorResponses },
      },
    },
    async (request) => reads.listNextScrimDays({ deps, query: request.query, admit: listAdmit(request) }),
  );

  app.get(
    '/scrims/mine-secrets',
    {
      schema: {
        tags,
        summary: "The viewer's lobby secrets for the hub's day (same query as GET /api/scrims)",
        description:
          'Lobby name, password and tournament code of each public scrim of that day whose lobby the viewer may ' +
          'see: their scrims once both teams are full; every scrim for an admin. Read at request time.',
        querystring: scrimListQuerySchema,
        response: { 200: mySecretsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const secrets = await reads.listMySecrets({ db: app.db, viewer: viewerOf(request), query: request.query });
      reply.header('cache-control', 'private, no-store');
      return secrets;
    },
  );
}
