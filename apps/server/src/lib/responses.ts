import { errorBodySchema } from '@scrim-gym/shared';

/** The error answers a route documents in OpenAPI: every one has the `{ error, code }` body. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
};
