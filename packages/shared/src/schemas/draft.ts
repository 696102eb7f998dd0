import { z } from 'zod';
import { ROLES } from '../constants.js';
import { DRAFT_ACTIONS, DRAFT_MODES, DRAFT_SIDES, DRAFT_STATUSES, DRAFT_TURNS } from '../rules/draft.js';
import { championKeySchema } from './match.js';

export const draftModeSchema = z.enum(DRAFT_MODES);
export const draftSideSchema = z.enum(DRAFT_SIDES);

const draftPickSchema = z.object({ champion: z.string(), role: z.enum(ROLES).nullable().optional() });
const draftSideStateSchema = z.object({
  /** In turn order; null is a ban that timed out ("no ban"). */
  bans: z.array(z.string().nullable()),
  picks: z.array(draftPickSchema),
});

const bySide = z.object({ blue: z.boolean(), red: z.boolean() });
export const draftAbilitiesSchema = z.object({
  ready: bySide,
  chooseDrafter: bySide,
  reset: z.enum(['now', 'ask']).nullable(),
  hover: z.boolean(),
  lock: z.boolean(),
});
export type DraftAbilities = z.infer<typeof draftAbilitiesSchema>;

/**
 * `GET /api/scrims/:id/draft` and the `draftChange` event's `draft`. `turn` while running: whose turn, what
 * action, and the server's instant it ends. `hovers`: the viewer's own side's suggestions only (user id →
 * champion key), absent for anyone not on a side. `unavailable`: the champions an earlier game of a fearless
 * series picked. `version` grows with every change, so a client keeps the newest it has seen.
 */
export const draftStateSchema = z.object({
  scrimId: z.string(),
  mode: draftModeSchema,
  status: z.enum(DRAFT_STATUSES),
  version: z.number().int(),
  turn: z
    .object({
      index: z.number().int(),
      side: draftSideSchema,
      action: z.enum(DRAFT_ACTIONS),
      endsAt: z.string(),
    })
    .optional(),
  timerSeconds: z.number().int(),
  ready: z.object({ blue: z.boolean(), red: z.boolean() }),
  drafters: z.object({ blue: z.string().nullable(), red: z.string().nullable() }),
  blue: draftSideStateSchema,
  red: draftSideStateSchema,
  unavailable: z.array(z.string()),
  hovers: z.record(z.string(), z.string()).optional(),
  /**
   * The sides whose drafter asked to reset the draft (it resets once both have, or at once for a host or an
   * admin); absent when nobody asked.
   */
  resetAsked: z.object({ blue: z.boolean(), red: z.boolean() }).optional(),
  /** Whether Data Dragon's champion list could be read: without it a draft does not start. */
  championsAvailable: z.boolean(),
  /**
   * What the viewer may do now, as the server's rules decide it (in an answer to the viewer, not in a live update,
   * which is the same for a whole side or room: a page with any power reads the draft again after one).
   * `reset`: 'now' for whoever runs the scrim, 'ask' for a side's drafter (both sides asking resets).
   */
  can: draftAbilitiesSchema.optional(),
});
export type DraftState = z.infer<typeof draftStateSchema>;

export const draftSideBodySchema = z.object({ side: draftSideSchema });
export const draftDrafterBodySchema = z.object({ side: draftSideSchema, userId: z.uuid() });
export const draftChampionBodySchema = z.object({ champion: championKeySchema });
/**
 * A lock: the champion and, for a pick, its role. `turn` (optional): the turn index the drafter locks for, so a lock
 * that crosses the turn's timeout is refused (TURN_PASSED) rather than taken as the side's next turn.
 */
export const draftLockBodySchema = z.object({
  champion: championKeySchema,
  role: z.enum(ROLES).optional(),
  turn: z
    .number()
    .int()
    .min(0)
    .max(DRAFT_TURNS - 1)
    .optional(),
});

/** `draftChange` to a scrim's room (hovers only in the copy its side's players receive). */
export const draftChangePayloadSchema = z.object({ scrimId: z.string(), draft: draftStateSchema });
export type DraftChangePayload = z.infer<typeof draftChangePayloadSchema>;
