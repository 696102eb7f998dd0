import { z } from 'zod';
import { ACCOUNT_DELETION_MESSAGES } from '../texts/en/account-deletion.js';

/**
 * DELETE /api/users/me: `confirmation` is the account's summoner name, typed by the player (compared ignoring
 * case and runs of spaces), so that no stray click or replayed request deletes an account.
 */
export const deleteAccountBodySchema = z.object({
  confirmation: z
    .string({ error: ACCOUNT_DELETION_MESSAGES.confirmationRequired })
    .trim()
    .min(1, ACCOUNT_DELETION_MESSAGES.confirmationRequired)
    .max(64, ACCOUNT_DELETION_MESSAGES.confirmationMismatch),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const deleteAccountResponseSchema = z.object({ message: z.string() });
