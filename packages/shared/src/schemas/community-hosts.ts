import { z } from 'zod';
import { regionSchema } from './user.js';
import { scrimUserSchema } from './scrim.js';

/** POST /api/admin/hosts: the user may host scrims of that region. */
export const adminHostBodySchema = z.object({ userId: z.uuid({ error: 'Invalid user id' }), region: regionSchema });
export type AdminHostBody = z.input<typeof adminHostBodySchema>;

/** DELETE /api/admin/hosts/:userId: every region of the user, or only `?region=`. */
export const adminHostParamsSchema = z.object({ userId: z.uuid({ error: 'Invalid user id' }) });
export const adminHostQuerySchema = z.object({ region: regionSchema.optional() });

/** A community host and the regions they host (GET /api/admin/hosts; the answer of a grant or revoke). */
export const communityHostSchema = z.object({ user: scrimUserSchema, regions: z.array(regionSchema) });
export type CommunityHost = z.infer<typeof communityHostSchema>;
export const communityHostsResponseSchema = z.array(communityHostSchema);
