import { z } from 'zod';

/**
 * What a viewer may do to a scrim (`Scrim.can`), one flag per power, as the server's policy decides it from the
 * viewer's role (admin, the scrim's community host, its lobby captain), not from the scrim's state: an action the
 * state refuses still answers with its own error.
 */
export const SCRIM_ABILITIES = [
  'edit',
  'delete',
  'assignPlayers',
  'fillRandom',
  'swapPlayers',
  'kick',
  'substitute',
  'cancel',
  'balance',
  'setWinner',
  'addImage',
  'removeImage',
  'regenerateTournamentCode',
  'resolveDispute',
] as const;
export type ScrimAbility = (typeof SCRIM_ABILITIES)[number];
export const scrimAbilitiesSchema = z.object(
  Object.fromEntries(SCRIM_ABILITIES.map((ability) => [ability, z.boolean()])) as Record<ScrimAbility, z.ZodBoolean>,
);
export type ScrimAbilities = z.infer<typeof scrimAbilitiesSchema>;
