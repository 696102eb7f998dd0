import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  discordWebhookBodySchema,
  discordWebhookSchema,
  discordWebhooksResponseSchema,
  regionParamsSchema,
} from '@scrim-gym/shared';
import { routeSchema } from '../../lib/route-schema.js';
import { assertAdmin } from '../auth/index.js';
import { listWebhooks, setWebhook, testWebhook } from './discord.service.js';

const tags = ['admin', 'discord'];

/**
 * The regions' Discord webhooks, for admins only (401 without a session, 403 banned or not an admin, decided
 * before the body is read). Answers show the URLs masked: the token never leaves the server.
 */
export async function discordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authorizeAdmin);

  app.get(
    '/admin/regions/discord-webhooks',
    routeSchema(tags, "Every region's Discord webhook, masked (null: none)", {
      response: { 200: discordWebhooksResponseSchema },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listWebhooks({ db: app.db });
    },
  );

  app.put(
    '/admin/regions/:region/discord-webhook',
    routeSchema(
      tags,
      "Set a region's Discord webhook (https://discord.com/api/webhooks/<id>/<token>; a local test URL outside production), or remove it (null)",
      { params: regionParamsSchema, body: discordWebhookBodySchema, response: { 200: discordWebhookSchema } },
    ),
    async (request) =>
      setWebhook({
        deps: { db: app.db, config: app.config },
        adminId: assertAdmin(request.auth).id,
        region: request.params.region,
        url: request.body.url,
      }),
  );

  app.post(
    '/admin/regions/:region/discord-webhook/test',
    routeSchema(
      tags,
      "Post a test message to a region's Discord webhook now; answers the webhook with that delivery as its last (404 NO_WEBHOOK: none set)",
      { params: regionParamsSchema, response: { 200: discordWebhookSchema } },
    ),
    async (request) => testWebhook({ deps: { db: app.db, config: app.config }, region: request.params.region }),
  );
}
