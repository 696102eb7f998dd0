import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addImageQuerySchema, IMAGE_MAX_BYTES, idParamsSchema } from '@scrim-gym/shared';
import { viewerOf } from '../../auth/index.js';
import { IMAGE_UPLOAD_TYPES, imageBodySchema, imageTooBig } from './image.js';
import { runnerOf, runnersOnly, scrimResponse, tags, type ScrimsApp } from '../core/scrim-routes.kit.js';
import type { ScrimDeps } from '../core/scrim-change.js';
import * as images from './image-actions.js';

/** An image whose Content-Length is over 2 MB: refused by name before its body is read. */
function refuseOversizedImage(request: FastifyRequest) {
  if (Number(request.headers['content-length']) > IMAGE_MAX_BYTES) {
    const { fileName } = request.query as { fileName?: unknown };
    throw imageTooBig(typeof fileName === 'string' ? fileName.slice(0, 255) : undefined);
  }
}

/**
 * The post-game image: read it, upload it (its own bytes, not JSON), remove it.
 */
export async function imageRoutes(app: ScrimsApp, deps: ScrimDeps) {
  app.get(
    '/scrims/:id/image',
    { schema: { tags, summary: 'The post-game image', params: idParamsSchema } },
    async (request, reply) => {
      const image = await images.getImage({ db: app.db, scrimId: request.params.id });
      reply.header('content-type', image.mimeType);
      // The URL carries the upload time (?v=), so a replaced image has a new URL.
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return reply.send(image.content);
    },
  );

  // The image travels as its own bytes, read by a parser of this scope only, up to 2 MB (JSON keeps the app's
  // 64 KB here too). Before a byte is read: whether the caller may upload to this scrim (captain or admin), then
  // a Content-Length over 2 MB, answered with the catalogue's text.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      IMAGE_UPLOAD_TYPES,
      { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().patch(
      '/scrims/:id/add-image',
      {
        preParsing: async (request) => {
          const params = idParamsSchema.safeParse(request.params);
          // A malformed id is left to validation (400).
          if (params.success) {
            await images.assertMayAddImage({ db: app.db, viewer: viewerOf(request), scrimId: params.data.id });
          }
          refuseOversizedImage(request);
        },
        schema: {
          tags,
          summary:
            'Upload the post-game image (captain, admin or its community host): the JPEG or PNG file as the body, ' +
            'up to 2 MB',
          consumes: IMAGE_UPLOAD_TYPES,
          params: idParamsSchema,
          querystring: addImageQuerySchema,
          body: imageBodySchema,
          response: scrimResponse,
        },
      },
      async (request) =>
        (
          await images.addImage({
            deps,
            viewer: viewerOf(request),
            scrimId: request.params.id,
            image: request.body,
            fileName: request.query.fileName,
          })
        ).scrim,
    );
  });

  app.patch(
    '/scrims/:id/remove-image',
    {
      ...runnersOnly(app),
      schema: {
        tags,
        summary: 'Delete the post-game image (admin, or its community host)',
        params: idParamsSchema,
        response: scrimResponse,
      },
    },
    async (request) =>
      (await images.removeImage({ deps, viewer: runnerOf(request), scrimId: request.params.id })).scrim,
  );
}
