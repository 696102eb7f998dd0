import { z } from 'zod';
import { ADMIN_SEARCH_LIMIT, HEADER_SEARCH_LIMIT, REGIONS } from '../constants.js';

/*
 * GET /api/users/search: finding users by name or Name#Tag (the header's search, the admins' pickers).
 */

export const userSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search').max(40),
  region: z.enum(REGIONS).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_SEARCH_LIMIT).default(HEADER_SEARCH_LIMIT),
});

export const userSearchResultSchema = z.object({
  _id: z.string(),
  name: z.string(),
  summonerTagline: z.string(),
  region: z.enum(REGIONS),
  rank: z.string(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const userSearchResponseSchema = z.object({ users: z.array(userSearchResultSchema) });
