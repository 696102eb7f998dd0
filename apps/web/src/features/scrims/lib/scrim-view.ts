import {
  SCRIM_MESSAGES,
  TEAM_SIZE,
  areTeamsFull,
  teamCount,
  scrimAbilities,
  SCRIM_TEXTS,
  type Scrim,
  type ScrimPlayer,
  type ScrimAbilities,
  type ScrimTiming,
} from '@scrim-gym/shared';
import type { SessionUser } from '../../auth/lib/hosts';
import { unsettledResultText } from './result-status';

/** The title, or "{creator}'s Scrim". */
export const scrimTitle = (scrim: Pick<Scrim, 'title' | 'createdBy'>) =>
  scrim.title.trim() || SCRIM_TEXTS.creatorTitle(scrim.createdBy?.name ?? 'Unknown');

export const playersOf = (scrim: Pick<Scrim, 'teamOne' | 'teamTwo'>): ScrimPlayer[] => [
  ...scrim.teamOne,
  ...scrim.teamTwo,
];

/** Who holds which slot, as the shared slot rules read it. */
export const occupancyOf = (scrim: Pick<Scrim, 'teamOne' | 'teamTwo'>) =>
  playersOf(scrim).map((p) => ({ team: p.team.name, role: p.role }));
export const teamsFull = (scrim: Scrim) => areTeamsFull(occupancyOf(scrim));

/**
 * What the signed-in user may do to the scrim: the server's answer (`can`, on a scrim read on its own), else the
 * same shared rule on the session's facts (a hub card or a live update: those bytes are the same for everyone,
 * and a live update may change the lobby captain, so the rule is applied afresh rather than an older `can` kept).
 */
export function abilitiesOf(scrim: Scrim, user: SessionUser): ScrimAbilities {
  if (scrim.can) return scrim.can;
  return scrimAbilities(
    { id: user?._id ?? '', isAdmin: Boolean(user?.isAdmin), hostRegions: user?.hostRegions ?? [] },
    {
      hostedBy: scrim.hostedBy?._id ?? null,
      region: scrim.region,
      lobbyHostId: scrim.lobbyHost?._id ?? null,
      seriesRosterIds: scrim.series?.rosterIds ?? null,
    },
  );
}

/** What the signed-in user is in this scrim, and what they may do to it. */
export function relationOf(scrim: Scrim, user: SessionUser) {
  const id = user?._id;
  return {
    isAdmin: Boolean(user?.isAdmin),
    /** What the user may do to the scrim (edit, the slot and host tools, the winner, the image…). */
    can: abilitiesOf(scrim, user),
    player: id ? playersOf(scrim).find((p) => p._user._id === id) : undefined,
    isCaster: Boolean(id && scrim.casters.some((c) => c._id === id)),
    isCaptain: Boolean(id && scrim.lobbyHost?._id === id),
  };
}
export type Relation = ReturnType<typeof relationOf>;

/** The scrim chat rule (ARCHITECTURE.md): its players, casters and admins; anyone signed in when it is public. */
export const canOpenScrimChat = (scrim: Pick<Scrim, 'isPrivate'>, rel: Relation) =>
  rel.isAdmin || Boolean(rel.player) || rel.isCaster || !scrim.isPrivate;

export type CountdownUnit = keyof typeof SCRIM_TEXTS.countdownUnits;
export interface CountdownPart {
  unit: CountdownUnit;
  value: number;
}

/** Days, hours, minutes and seconds left; zero leading units are hidden, seconds always show. */
export function countdownParts(ms: number): CountdownPart[] {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const parts: CountdownPart[] = [
    { unit: 'days', value: Math.floor(total / 86_400) },
    { unit: 'hours', value: Math.floor((total % 86_400) / 3600) },
    { unit: 'minutes', value: Math.floor((total % 3600) / 60) },
    { unit: 'seconds', value: total % 60 },
  ];
  const first = parts.findIndex((p) => p.value > 0);
  return parts.slice(first === -1 ? parts.length - 1 : first);
}

/** '1d 02h 03m 04s' style, for the collapsed card and screen readers. */
export const formatCountdown = (ms: number) =>
  countdownParts(ms)
    .map((p, i) => `${i === 0 ? p.value : String(p.value).padStart(2, '0')}${p.unit[0]}`)
    .join(' ');

/** The started-state banner; null before the start. A winner not confirmed yet is no win: its state instead. */
export function bannerText(scrim: Scrim, timing: ScrimTiming): string | null {
  if (scrim.teamWon) return unsettledResultText(scrim)?.toUpperCase() ?? SCRIM_TEXTS.banner.won(scrim.teamWon);
  // Cancelled: the card's own banner says so, with the reason.
  if (scrim.cancellation) return null;
  if (timing === 'upcoming') return null;
  if (scrim.abandonedAt) return SCRIM_TEXTS.banner.abandoned;
  if (scrim.lobbyReady) return SCRIM_TEXTS.banner.ready;
  return timing === 'current' ? SCRIM_TEXTS.banner.waiting : SCRIM_TEXTS.banner.notFull;
}

/**
 * Started with both teams full, the code option on, no code yet and no winner, on a server that makes codes:
 * the 5 s 'Generating Tournament Code...' window may run. Without a Riot API key it never does.
 */
export const awaitsTournamentCode = (scrim: Scrim, timing: ScrimTiming, codesAvailable: boolean) =>
  codesAvailable &&
  timing !== 'upcoming' &&
  !scrim.teamWon &&
  teamsFull(scrim) &&
  scrim.useTournamentCode &&
  !scrim.riotTournament?.tournamentCode;

export type CentreState =
  | { kind: 'countdown' }
  | { kind: 'notEnough'; text: string }
  | { kind: 'generating' }
  | { kind: 'code'; code: string }
  | { kind: 'lobby'; name: string; password: string }
  | { kind: 'hidden' }
  | { kind: 'played' };

/**
 * The centre info box: the countdown before the start; then 'Not enough players…' while a team
 * is short; then the tournament code, 'Generating Tournament Code...' for its first 5 seconds without one,
 * or the manual lobby name and password, when the server sent them to this viewer. Once the result is in,
 * nothing of the lobby: nobody joins a game that was played (the banner above says who won).
 */
export function centreState(scrim: Scrim, timing: ScrimTiming, { generating }: { generating: boolean }): CentreState {
  if (scrim.cancellation) return { kind: 'notEnough', text: SCRIM_TEXTS.showUp.cancelledCentre };
  if (timing === 'upcoming' && !scrim.teamWon) return { kind: 'countdown' };
  const occupied = occupancyOf(scrim);
  // Abandoned: the lobby stays locked for good, and the box says why instead of asking for players.
  if (scrim.abandonedAt) return { kind: 'notEnough', text: SCRIM_TEXTS.abandonedExplained(occupied.length) };
  if (scrim.teamWon) return { kind: 'played' };
  // Ready (full, or begun full and someone left since): the lobby stays, for those still in and whoever fills the seat.
  if (!scrim.lobbyReady) {
    const one = teamCount(occupied, 'teamOne');
    const two = teamCount(occupied, 'teamTwo');
    return { kind: 'notEnough', text: SCRIM_MESSAGES.notEnoughPlayers(one + two, TEAM_SIZE - one, TEAM_SIZE - two) };
  }
  const code = scrim.riotTournament?.tournamentCode;
  if (scrim.useTournamentCode && code) return { kind: 'code', code };
  if (scrim.useTournamentCode && generating) return { kind: 'generating' };
  if (scrim.lobbyName && scrim.lobbyPassword)
    return { kind: 'lobby', name: scrim.lobbyName, password: scrim.lobbyPassword };
  return { kind: 'hidden' };
}

/** 'in 2 hours', '40 minutes ago' (Intl, no date library). */
export function relativeTime(target: number, now: number): string {
  const diff = target - now;
  const abs = Math.abs(diff);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  for (const [unit, size] of units) if (abs >= size) return format.format(Math.round(diff / size), unit);
  return format.format(Math.round(diff / 1000), 'second');
}
