import type { z } from 'zod';
import { errorResponses } from './responses.js';

type Answers = Record<number, z.ZodType>;

/** What a route reads (its path params, query string, body) and its success answers, as zod schemas. */
interface RouteSchemaParts {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Answers;
}

type RouteSchemaOptions<P extends RouteSchemaParts, E extends Answers> = {
  schema: { tags: string[]; summary: string } & Omit<P, 'response'> & { response: P['response'] & E };
};

/**
 * A route's options with its OpenAPI schema: tags, summary, what it reads, and its answers: the success ones
 * given, then the `{ error, code }` ones every route documents (`errorResponses`, or `rateLimitedErrorResponses`
 * for a route with a budget).
 */
export function routeSchema<P extends RouteSchemaParts>(
  tags: string[],
  summary: string,
  parts: P,
): RouteSchemaOptions<P, typeof errorResponses>;
export function routeSchema<P extends RouteSchemaParts, E extends Answers>(
  tags: string[],
  summary: string,
  parts: P,
  errors: E,
): RouteSchemaOptions<P, E>;
export function routeSchema(
  tags: string[],
  summary: string,
  { response, ...input }: RouteSchemaParts,
  errors: Answers = errorResponses,
) {
  return { schema: { tags, summary, ...input, response: { ...response, ...errors } } };
}
