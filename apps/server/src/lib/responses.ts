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

/** The error answers of a rate-limited route: those above, and 429 with a Retry-After header. */
export const rateLimitedErrorResponses = { ...errorResponses, 429: errorBodySchema };
