import dayjs from 'dayjs';
import {
  DEFAULT_SCRIM_START_OFFSET_MS,
  DRAFT_TIMER_DEFAULT_SECONDS,
  MAX_CASTERS_DEFAULT,
  createScrimBodySchema,
  updateScrimBodySchema,
  SCRIM_TEXTS,
  type CreateScrimBody,
  type DraftMode,
  type Region,
  type Scrim,
  type ScrimMode,
  type TeamName,
  type UpdateScrimBody,
} from '@scrim-gym/shared';
import { playersOf } from './scrim-view';

export type ScrimFormMode = 'create' | 'edit';

export interface ScrimFormValues {
  title: string;
  /** 'YYYY-MM-DD' and 'HH:mm' in the browser's zone; seconds are always zero. */
  date: string;
  time: string;
  region: Region;
  lobbyHost: string;
  lobbyName: string;
  lobbyPassword: string;
  isPrivate: boolean;
  isWithCasters: boolean;
  maxCastersAllowedCount: 1 | 2;
  useTournamentCode: boolean;
  /** Players check in 30 to 5 minutes before the start; the host may turn it off. */
  checkInEnabled: boolean;
  teamWon: TeamName | '';
  /** Team making: players pick slots, or sign up and get balanced teams. */
  mode: ScrimMode;
  /** The draft room: none or the tournament draft (a series game's is its series'). */
  draft: DraftMode;
  /** Seconds per draft turn, as typed. */
  draftTimerSeconds: string;
}

export type ScrimFormField = keyof ScrimFormValues;
export type ScrimFormErrors = Partial<Record<ScrimFormField, string>>;

const splitDate = (date: dayjs.Dayjs) => ({ date: date.format('YYYY-MM-DD'), time: date.format('HH:mm') });

/**
 * Create defaults: now + 30 min, random host, the creator's region, public, no casters (max 2), code on
 * when this server makes codes (off without a Riot API key).
 */
export function createDefaults(region: Region, now = Date.now(), tournamentCodes = true): ScrimFormValues {
  return {
    title: '',
    ...splitDate(dayjs(now + DEFAULT_SCRIM_START_OFFSET_MS)),
    region,
    lobbyHost: 'random',
    lobbyName: '',
    lobbyPassword: '',
    isPrivate: false,
    isWithCasters: false,
    maxCastersAllowedCount: MAX_CASTERS_DEFAULT,
    useTournamentCode: tournamentCodes,
    checkInEnabled: true,
    teamWon: '',
    mode: 'slots',
    draft: 'none',
    draftTimerSeconds: String(DRAFT_TIMER_DEFAULT_SECONDS),
  };
}

/** The lobby host choice of an existing scrim: a participant's id, 'me', 'random' when none, else 'keep'. */
function hostValue(scrim: Scrim, userId: string): string {
  const host = scrim.lobbyHost;
  if (!host) return 'random';
  if (host._id === userId) return 'me';
  const participants = [...playersOf(scrim).map((p) => p._user._id), ...scrim.casters.map((c) => c._id)];
  return participants.includes(host._id) ? host._id : 'keep';
}

export function editValues(scrim: Scrim, userId: string): ScrimFormValues {
  return {
    title: scrim.title,
    ...splitDate(dayjs(scrim.gameStartTime)),
    region: scrim.region,
    lobbyHost: hostValue(scrim, userId),
    lobbyName: scrim.lobbyName ?? '',
    lobbyPassword: scrim.lobbyPassword ?? '',
    isPrivate: scrim.isPrivate,
    isWithCasters: scrim.isWithCasters,
    maxCastersAllowedCount: scrim.maxCastersAllowedCount === 1 ? 1 : 2,
    useTournamentCode: scrim.useTournamentCode,
    checkInEnabled: scrim.checkIn !== null,
    teamWon: scrim.teamWon ?? '',
    mode: scrim.mode,
    draft: scrim.draft,
    draftTimerSeconds: String(scrim.draftTimerSeconds),
  };
}

/** Lobby host choices of the edit screen: random, me, each participant, and a host outside them. */
export function hostOptions(mode: ScrimFormMode, scrim: Scrim | null, userId: string) {
  const options: { value: string; label: string }[] = [
    { value: 'random', label: SCRIM_TEXTS.hostRandom },
    { value: 'me', label: SCRIM_TEXTS.hostMe },
  ];
  if (mode === 'create' || !scrim) return options;
  const people = [...playersOf(scrim).map((p) => p._user), ...scrim.casters].filter((u) => u._id !== userId);
  if (hostValue(scrim, userId) === 'keep' && scrim.lobbyHost) {
    options.push({ value: 'keep', label: SCRIM_TEXTS.hostCurrent(scrim.lobbyHost.name) });
  }
  return [...options, ...people.map((u) => ({ value: u._id, label: `${u.name}#${u.summonerTagline}` }))];
}

/** The team making can change only while nobody is in the scrim (no players, casters or sign-ups). */
export const modeLocked = (scrim: Scrim) =>
  playersOf(scrim).length > 0 || scrim.casters.length > 0 || scrim.signups.length > 0;

/** The start as an ISO time, or '' when the date or time is not valid (only valid dates). */
export function startIso({ date, time }: Pick<ScrimFormValues, 'date' | 'time'>): string {
  const start = dayjs(`${date}T${time}`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time) && start.isValid()
    ? start.second(0).millisecond(0).toISOString()
    : '';
}

const common = (v: ScrimFormValues) => ({
  title: v.title,
  region: v.region,
  gameStartTime: startIso(v),
  isPrivate: v.isPrivate,
  isWithCasters: v.isWithCasters,
  // Sent as 0 when casters are off.
  maxCastersAllowedCount: v.isWithCasters ? v.maxCastersAllowedCount : (0 as const),
  lobbyName: v.lobbyName.trim() || undefined,
  useTournamentCode: v.useTournamentCode,
  checkInEnabled: v.checkInEnabled,
  mode: v.mode,
});

const draftOf = (v: ScrimFormValues) => ({ draft: v.draft, draftTimerSeconds: Number(v.draftTimerSeconds) });

export const toCreateBody = (v: ScrimFormValues): CreateScrimBody => ({
  ...common(v),
  ...draftOf(v),
  lobbyHost: v.lobbyHost as 'random' | 'me',
});

/**
 * The edit's body. Given the scrim, the draft settings go only when changed: the server refuses any draft change
 * once the draft has started and on a series game (its series decides), and an unchanged setting is no change.
 */
export function toUpdateBody(v: ScrimFormValues, scrim?: Pick<Scrim, 'draft' | 'draftTimerSeconds'>): UpdateScrimBody {
  const draft = draftOf(v);
  return {
    ...common(v),
    ...(!scrim || draft.draft !== scrim.draft ? { draft: draft.draft } : {}),
    ...(!scrim || draft.draftTimerSeconds !== scrim.draftTimerSeconds
      ? { draftTimerSeconds: draft.draftTimerSeconds }
      : {}),
    lobbyPassword: v.lobbyPassword,
    lobbyHost: v.lobbyHost,
    teamWon: v.teamWon || null,
  };
}

const FIELD_OF: Record<string, ScrimFormField> = { gameStartTime: 'date' };

/** Validates with the API's own schema, so the form and the server agree on every rule. */
export function validateScrimForm(mode: ScrimFormMode, values: ScrimFormValues): ScrimFormErrors {
  const result =
    mode === 'create'
      ? createScrimBodySchema.safeParse(toCreateBody(values))
      : updateScrimBodySchema.safeParse(toUpdateBody(values));
  if (result.success) return {};
  const errors: ScrimFormErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    const field = FIELD_OF[key] ?? (key as ScrimFormField);
    errors[field] ??= issue.message;
  }
  return errors;
}
