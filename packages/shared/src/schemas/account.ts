import { z } from 'zod';

/** Texts of deleting one's account (beyond the original app; the privacy policy promises it). */
export const ACCOUNT_DELETION_MESSAGES = {
  confirmationRequired: 'Type your summoner name to confirm.',
  confirmationMismatch: 'That is not your summoner name: your account was not deleted.',
  deleted: 'Your account was deleted. Thank you for playing with Scrim Gym.',
  /** What a deleted account is shown as, wherever its scrims and messages stay. */
  deletedName: 'Deleted player',
  /** What a deleted account's direct messages become, in the chats of the people it talked to. */
  deletedMessage: 'This message was deleted with its sender’s account.',
  /** Writing in a chat with a deleted account. */
  receiverDeleted: 'This player deleted their account: they cannot receive messages.',
} as const;

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
