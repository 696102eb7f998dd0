import { z } from 'zod';

/**
 * What a viewer may do to a scrim (`Scrim.can`), one flag per power, as the server's policy decides it from the
 * viewer's role (admin, the scrim's community host, its lobby captain, a team of the series it is a game of) and
 * what kind of scrim it is (a series game's slots are its lineups'), not from the scrim's state: an action the
 * state refuses still answers with its own error. `takeSlot`: join a slot, the waitlist, or sign up; `joinCast`:
 * take a caster seat.
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
  'takeSlot',
  'joinCast',
] as const;
export type ScrimAbility = (typeof SCRIM_ABILITIES)[number];
export const scrimAbilitiesSchema = z.object(
  Object.fromEntries(SCRIM_ABILITIES.map((ability) => [ability, z.boolean()])) as Record<ScrimAbility, z.ZodBoolean>,
);
export type ScrimAbilities = z.infer<typeof scrimAbilitiesSchema>;
