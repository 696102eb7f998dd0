import { z } from 'zod';
import { CANCEL_REASON_MAX } from '../constants.js';
import { waitlistRoleSchema } from './scrim.js';

/** POST /api/scrims/:id/waitlist: wait for a slot of one role, or for any free slot. */
export const waitlistBodySchema = z.object({ role: waitlistRoleSchema });
export type WaitlistBody = z.input<typeof waitlistBodySchema>;

/** POST /api/scrims/:id/substitute: after the start, `inUserId` takes the slot of `outUserId`, who did not come. */
export const substituteBodySchema = z.object({
  outUserId: z.uuid({ error: 'Invalid user id' }),
  inUserId: z.uuid({ error: 'Invalid user id' }),
});
export type SubstituteBody = z.input<typeof substituteBodySchema>;

const reasonSchema = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(CANCEL_REASON_MAX, `The reason can be at most ${CANCEL_REASON_MAX} characters`);

/** POST /api/scrims/:id/cancel: its players, casters and waitlist are told why. */
export const cancelScrimBodySchema = z.object({ reason: reasonSchema });
export type CancelScrimBody = z.input<typeof cancelScrimBodySchema>;

/** Leaving a slot may carry a reason (shown to the host); no body is the same as none. */
export const leaveBodySchema = z
  .object({ reason: reasonSchema.optional() })
  .nullish()
  .transform((b) => b ?? {});

/** A broken commitment as the profile lists it: what happened, when, and in which scrim. */
export const brokenCommitmentSchema = z.object({
  outcome: z.enum(['no_show', 'late_leave']),
  /** When it was recorded. */
  at: z.string(),
  /** The scrim: null when it is private and the viewer is neither the player nor an admin. */
  scrim: z.object({ _id: z.string(), title: z.string(), gameStartTime: z.string() }).nullable(),
});
export type BrokenCommitment = z.infer<typeof brokenCommitmentSchema>;

/** GET /api/users/:id/reliability. */
export const reliabilitySchema = z.object({
  /** 'new' below RELIABILITY_MIN_COMMITMENTS commitments (no share is shown), else 'rated'. */
  state: z.enum(['new', 'rated']),
  /** Share (0–100) of the last 20 commitments kept; null while the player is new. */
  score: z.number().int().min(0).max(100).nullable(),
  /** How many commitments the score counts (at most 20). */
  commitments: z.number().int(),
  /** No-shows among them. */
  noShows: z.number().int(),
  /** Late leaves among them. */
  lateLeaves: z.number().int(),
  /** The no-shows and late leaves among them, newest first. */
  broken: z.array(brokenCommitmentSchema),
  /** Until when the user may not join scrims (null: free to join). */
  cooldownUntil: z.string().nullable(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;
