import { z } from 'zod';
import { teamNameSchema } from './scrim.js';

export const setWinnerBodySchema = z.object({ winnerTeamName: teamNameSchema });

/**
 * The post-game image travels as the request body, in binary (`image/jpeg`, `image/png` or
 * `application/octet-stream`); its file name, for the messages that name it, in the query.
 */
export const addImageQuerySchema = z.object({
  fileName: z.string().max(255).optional().describe("The file's name, for the messages that name it"),
});
