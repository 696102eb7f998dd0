import { z } from 'zod';

/** The one error body of the API (DESIGN.md 3). Failed scrim actions also carry the current `scrim`. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  scrim: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

export const isoDateTimeSchema = z.iso.datetime({ offset: true });
