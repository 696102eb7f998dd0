/** A route's options with a longer OpenAPI description beside its summary. */
export const described = <O extends { schema: object }>(options: O, description: string) => ({
  ...options,
  schema: { ...options.schema, description },
});
