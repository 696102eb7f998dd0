import type { FastifyInstance } from 'fastify';

/** The subset of JSON Schema that `fastify-type-provider-zod` writes into the OpenAPI document. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document, in the form the security suites drive it. */
export interface ApiRoute {
  /** `METHOD /api/path/{param}`: the key of the authorization table. */
  key: string;
  method: HttpMethod;
  /** OpenAPI path, with `{param}` placeholders. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, { schema: JsonSchema; required: boolean }>;
  /** The JSON body's schema, when the route documents one. */
  body: JsonSchema | null;
  bodyRequired: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema: JsonSchema }> };
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every operation of the app's OpenAPI document (`app.swagger()`, after `app.ready()`), so that a route added
 * by any module is fuzzed and walked by the authorization matrix without anyone listing it here.
 */
export function listApiRoutes(app: FastifyInstance): ApiRoute[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [name, operation] of Object.entries(operations)) {
      const method = name.toUpperCase() as HttpMethod;
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json'];
      routes.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: Object.fromEntries(parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema])),
        query: Object.fromEntries(
          parameters
            .filter((p) => p.in === 'query')
            .map((p) => [p.name, { schema: p.schema, required: Boolean(p.required) }]),
        ),
        body: json?.schema ?? null,
        bodyRequired: Boolean(operation.requestBody?.required),
      });
    }
  }
  return routes;
}

/** The URL of a route with its path parameters filled in (encoded) and an optional query string. */
export function routeUrl(
  route: Pick<ApiRoute, 'path'>,
  params: Record<string, string>,
  query: Record<string, string | string[]> = {},
  encode: (value: string) => string = encodeURIComponent,
): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`routeUrl: no value for {${name}} in ${route.path}`);
    return encode(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
