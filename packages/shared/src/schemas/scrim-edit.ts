import { z } from 'zod';
import { MAX_CASTERS_CHOICES } from '../constants.js';
import { isoDateTime } from './common.js';
import {
  DRAFT_MODES,
  DRAFT_TIMER_DEFAULT_SECONDS,
  DRAFT_TIMER_MAX_SECONDS,
  DRAFT_TIMER_MIN_SECONDS,
} from '../rules/draft.js';
import { DRAFT_MESSAGES } from '../texts/en/draft.js';
import { regionSchema } from './user.js';
import { scrimModeSchema, teamNameSchema } from './scrim.js';

const titleSchema = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(80, 'Title can be at most 80 characters');
/** A lobby host of `null` (what older clients send) means "random" too: a random player. */
const lobbyHostSchema = z
  .union([z.literal('random'), z.literal('me'), z.uuid(), z.null()])
  .default('random')
  .transform((host) => host ?? 'random');
/** Seconds a draft turn lasts. */
const draftTimerSecondsSchema = z
  .number()
  .int()
  .min(DRAFT_TIMER_MIN_SECONDS, DRAFT_MESSAGES.timerOutOfRange)
  .max(DRAFT_TIMER_MAX_SECONDS, DRAFT_MESSAGES.timerOutOfRange);
const maxCastersSchema = z.union([z.literal(0), ...MAX_CASTERS_CHOICES.map((n) => z.literal(n))]);

export const createScrimBodySchema = z.object({
  title: titleSchema,
  region: regionSchema,
  gameStartTime: isoDateTime('Start date and time are required'),
  isPrivate: z.boolean().default(false),
  isWithCasters: z.boolean().default(false),
  maxCastersAllowedCount: maxCastersSchema.default(2),
  lobbyName: z.string().trim().max(80).optional(),
  lobbyPassword: z.string().trim().max(40).optional(),
  lobbyHost: lobbyHostSchema,
  useTournamentCode: z.boolean().default(true),
  /** 'slots': players pick slots; 'balanced': players sign up and the server makes the teams. */
  mode: scrimModeSchema.default('slots'),
  /** Players must check in 30 to 5 minutes before the start (on unless the host turns it off). */
  checkInEnabled: z.boolean().default(true),
  /** The draft room: none or the tournament draft (fearless is a series' only). */
  draft: z.enum(DRAFT_MODES).default('none'),
  draftTimerSeconds: draftTimerSecondsSchema.default(DRAFT_TIMER_DEFAULT_SECONDS),
  /** Sent by the original client; the server takes the creator from the session. */
  createdBy: z.string().optional(),
  adminKey: z.string().optional(),
});
export type CreateScrimBody = z.input<typeof createScrimBodySchema>;

export const updateScrimBodySchema = z.object({
  title: titleSchema,
  region: regionSchema,
  gameStartTime: isoDateTime('Start date and time are required'),
  isPrivate: z.boolean(),
  isWithCasters: z.boolean(),
  maxCastersAllowedCount: maxCastersSchema,
  lobbyName: z.string().trim().max(80).optional(),
  lobbyPassword: z.string({ error: 'Lobby password is required' }).trim().min(1, 'Lobby password is required').max(40),
  /** 'random' picks one of the ten players when exactly ten are in, else none; 'keep' leaves it; or a user id. */
  lobbyHost: z
    .union([z.literal('random'), z.literal('keep'), z.literal('me'), z.uuid(), z.null()])
    .default('keep')
    .transform((host) => host ?? 'random'),
  teamWon: teamNameSchema.nullable(),
  useTournamentCode: z.boolean(),
  /** Absent: kept. It can change only while nobody is in the scrim (no players, casters or sign-ups). */
  mode: scrimModeSchema.optional(),
  /** Absent: kept. */
  checkInEnabled: z.boolean().optional(),
  /** Absent: kept. Refused once the draft has started, and for a series game (its series decides). */
  draft: z.enum(DRAFT_MODES).optional(),
  draftTimerSeconds: draftTimerSecondsSchema.optional(),
});
export type UpdateScrimBody = z.input<typeof updateScrimBodySchema>;
