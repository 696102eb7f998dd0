import {
  areTeamsFull,
  type AbilityScrim,
  CHECK_IN_CLOSES_MINUTES,
  CHECK_IN_OPENS_MINUTES,
  lateLeaveLine,
  RESULT_CONFIRM_WINDOW_MINUTES,
  shownReliability,
  type ScrimStatus,
  type Scrim,
  type ScrimPlayer,
  type ScrimUser,
} from '@scrim-gym/shared';
import { toUserSummary } from '../../../lib/user-summary.js';
import {
  displayRating,
  isProvisional,
  presentUnrated,
  seedRating,
  winProbability,
  type Rating,
} from '../../ratings/index.js';
import { canRunScrim, scrimAbilities, type Viewer } from './scrims.policy.js';
import type {
  CurrentRating,
  ParticipantWithUser,
  ScrimAggregate,
  ScrimRow,
  ScrimUserRow,
} from './scrim-aggregate.repository.js';

type UserLike = ScrimUserRow;

export function toScrimUser(user: UserLike): ScrimUser {
  return {
    ...toUserSummary(user),
    discord: user.discord,
    verified: user.riotLinkedAt !== null,
    reliability: shownReliability(user.reliabilityScore, user.reliabilityCommitments),
  };
}

/** The rating a player plays with: the current season's, else the seed of their rank. */
const ratingOf = (user: UserLike, current: CurrentRating | null): Rating => current ?? seedRating(user.rank);

const shownRating = (user: UserLike, current: CurrentRating | null) => ({
  rating: displayRating(ratingOf(user, current)),
  provisional: isProvisional(current?.games ?? 0),
});

const teamPlayers = (participants: ParticipantWithUser[], team: 'teamOne' | 'teamTwo') =>
  participants.filter((p) => p.kind === 'player' && p.team === team);

const players = (participants: ParticipantWithUser[], team: 'teamOne' | 'teamTwo'): ScrimPlayer[] =>
  teamPlayers(participants, team).map((p) => ({
    _user: toScrimUser(p.user),
    role: p.role!,
    team: { name: team },
    rating: shownRating(p.user, p.rating),
  }));

/**
 * Blue's chance as it would be predicted now, when both teams are full: as balanced (kept while the teams stay as
 * they were balanced), else from the players' current ratings. Null otherwise.
 */
export function currentBlueWinProbability({ scrim, participants }: ScrimAggregate): number | null {
  if (!areTeamsFull(participants)) return null;
  const side = (team: 'teamOne' | 'teamTwo') => teamPlayers(participants, team).map((p) => ratingOf(p.user, p.rating));
  return scrim.balanceBlueWinProbability ?? winProbability(side('teamOne'), side('teamTwo'));
}

/**
 * Blue's chance: the prediction stored when the game began, once there is one; never recomputed after a result
 * (the ratings it moved would rewrite the prediction), so a result without a stored one shows none.
 */
function balanceOf(aggregate: ScrimAggregate): Scrim['balance'] {
  const { scrim } = aggregate;
  const blueWinProbability =
    scrim.predictedBlueWinProbability ?? (scrim.teamWon ? null : currentBlueWinProbability(aggregate));
  return blueWinProbability === null ? null : { blueWinProbability, offRole: scrim.balanceOffRole ?? [] };
}

/** The team of the player who confirmed the captain's report (the newest confirmation seen), or null. */
const confirmedByOf = (scrim: ScrimRow) =>
  scrim.resultSource === 'captain' && scrim.resultStatus === 'confirmed'
    ? (scrim.evidenceSeen.findLast((item) => item.kind === 'confirmation')?.team ?? null)
    : null;

function resultOf({ scrim, dispute }: ScrimAggregate, withEvidence: boolean): Scrim['result'] {
  if (!scrim.teamWon || !scrim.resultStatus || !scrim.resultSource) return null;
  const pending = scrim.resultStatus === 'pending' && scrim.resultReportedAt;
  return {
    status: scrim.resultStatus,
    source: scrim.resultSource,
    reportedBy: scrim.resultReportedBy,
    reportedAt: scrim.resultReportedAt?.toISOString() ?? null,
    confirmedAt: scrim.resultConfirmedAt?.toISOString() ?? null,
    confirmBy: pending
      ? new Date(scrim.resultReportedAt!.getTime() + RESULT_CONFIRM_WINDOW_MINUTES * 60_000).toISOString()
      : null,
    dispute: dispute && { by: dispute.userId, reason: dispute.reason, createdAt: dispute.createdAt.toISOString() },
    unrated: presentUnrated(scrim.unratedReason),
    confirmedBy: confirmedByOf(scrim),
    evidence: withEvidence ? scrim.evidenceSeen.map(({ kind, at }) => ({ kind, at })) : null,
  };
}

/**
 * Who is in Riot's lobby (the lobby guard's last read): each player of the scrim now, in or missing, and the
 * others in it. Riot's events name no side, so none is given.
 */
function riotLobbyOf({ riotLobby, participants }: ScrimAggregate): Scrim['riotLobby'] {
  if (!riotLobby) return null;
  const inLobby = new Set(riotLobby.inUserIds);
  const players = (['teamOne', 'teamTwo'] as const).flatMap((team) =>
    teamPlayers(participants, team).map((p) => ({
      userId: p.user.id,
      state: inLobby.has(p.user.id) ? ('in' as const) : ('missing' as const),
    })),
  );
  return {
    checkedAt: riotLobby.checkedAt.toISOString(),
    count: players.filter((p) => p.state === 'in').length,
    players,
    unknown: riotLobby.unknown,
  };
}

/** Where the scrim stands now: its state first (cancelled, abandoned, a winner), then the clock. */
export function scrimStatusOf(scrim: ScrimAggregate['scrim'], now = Date.now()): ScrimStatus {
  if (scrim.cancelledAt) return 'cancelled';
  if (scrim.abandonedAt) return 'abandoned';
  if (scrim.teamWon) return 'finished';
  return scrim.gameStartTime.getTime() <= now ? 'live' : 'scheduled';
}

/** The check-in window (null when its host turned check-in off). */
export function checkInWindowOf(scrim: Pick<ScrimAggregate['scrim'], 'checkInEnabled' | 'gameStartTime'>) {
  if (!scrim.checkInEnabled) return null;
  const start = scrim.gameStartTime.getTime();
  return {
    opensAt: new Date(start - CHECK_IN_OPENS_MINUTES * 60_000),
    closesAt: new Date(start - CHECK_IN_CLOSES_MINUTES * 60_000),
  };
}

function checkInOf({ scrim, checkIns, participants }: ScrimAggregate): Scrim['checkIn'] {
  const window = checkInWindowOf(scrim);
  if (!window) return null;
  // Confirmed: the players still in the scrim (a player who checked in and then left is not).
  const players = new Set(participants.filter((p) => p.kind === 'player').map((p) => p.user.id));
  const checkedIn = checkIns.filter((id) => players.has(id));
  return { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), checkedIn };
}

/**
 * What decides who may see a scrim's lobby: who runs it, and its participants (a ScrimAggregate, or just their
 * ids and slots).
 */
export interface LobbyRights {
  scrim: Pick<ScrimRow, 'hostedBy' | 'region' | 'lobbyReadyAt'> & Pick<AbilityScrim, 'seriesRosterIds'>;
  participants: (Pick<ParticipantWithUser, 'kind' | 'team' | 'role'> & { user: { id: string } })[];
}

/**
 * Who may see the lobby name, password and tournament code: who runs the scrim (admins, its community host: they
 * set the lobby up), and the scrim's players and casters once both teams are full (the card's "unlock lobby name
 * and password") or once the game began with them full (a leave after the start does not lock the others out).
 */
export function canSeeLobby(aggregate: LobbyRights, viewer: Viewer | null): boolean {
  if (!viewer) return false;
  if (canRunScrim(viewer, aggregate.scrim)) return true;
  return isLobbyReady(aggregate) && aggregate.participants.some((p) => p.user.id === viewer.id);
}

/** The lobby is ready: both teams are full, or the game began with them full. */
export const isLobbyReady = ({
  scrim,
  participants,
}: {
  scrim: Pick<ScrimRow, 'lobbyReadyAt'>;
  participants: LobbyRights['participants'];
}) => scrim.lobbyReadyAt !== null || areTeamsFull(participants);

/**
 * Where the code's allowed participants stand, for those who see the lobby secrets (null for a code made before
 * they were tracked). Every secret-seer gets the same list (the socket sends them one payload): the page shows a
 * player their own notice and the scrim's runners the names.
 */
const codeParticipantsOf = (tournament: NonNullable<ScrimAggregate['tournament']>) =>
  tournament.participantsState
    ? {
        state: tournament.participantsState,
        cannotJoin: tournament.participantsCannotJoin ?? [],
        updatedAt: tournament.participantsUpdatedAt?.toISOString() ?? null,
      }
    : null;

/**
 * A scrim as the contract's JSON. `withLobby`: the lobby secrets and who is in Riot's lobby (see canSeeLobby).
 * `withRiotErrors`: why Riot failed or which game was not the scrim's (`riotTournament.lastError`), and
 * `withEvidence`: what the result reconciler has seen (`result.evidence`): for who runs the scrim (admins, its
 * community host), never for players or watchers.
 */
export function presentScrim(
  aggregate: ScrimAggregate,
  {
    withLobby,
    withRiotErrors = false,
    withEvidence = false,
  }: { withLobby: boolean; withRiotErrors?: boolean; withEvidence?: boolean },
): Scrim {
  const { scrim, creator, host, participants, imageAt, tournament } = aggregate;
  return {
    _id: scrim.id,
    title: scrim.title,
    createdBy: creator ? toScrimUser(creator) : null,
    region: scrim.region,
    gameStartTime: scrim.gameStartTime.toISOString(),
    isPrivate: scrim.isPrivate,
    isWithCasters: scrim.isWithCasters,
    maxCastersAllowedCount: scrim.maxCastersAllowedCount,
    casters: participants.filter((p) => p.kind === 'caster').map((p) => toScrimUser(p.user)),
    teamOne: players(participants, 'teamOne'),
    teamTwo: players(participants, 'teamTwo'),
    teamWon: scrim.teamWon,
    abandonedAt: scrim.abandonedAt?.toISOString() ?? null,
    lobbyReady: isLobbyReady(aggregate),
    lateLeaveFrom: lateLeaveLine(scrim.gameStartTime).toISOString(),
    lobbyHost: host ? toScrimUser(host) : null,
    ...(withLobby && { lobbyName: scrim.lobbyName, lobbyPassword: scrim.lobbyPassword }),
    useTournamentCode: scrim.useTournamentCode,
    riotTournament: tournament
      ? {
          tournamentCode: withLobby ? tournament.tournamentCode : null,
          providerId: tournament.providerId,
          tournamentId: tournament.tournamentId,
          setupCompleted: tournament.setupCompleted,
          lobbyCreated: tournament.lobbyCreated,
          lastError: withRiotErrors ? tournament.lastError : null,
          participants: withLobby ? codeParticipantsOf(tournament) : null,
        }
      : null,
    riotLobby: withLobby ? riotLobbyOf(aggregate) : null,
    postGameImage: imageAt ? { location: `/api/scrims/${scrim.id}/image?v=${imageAt.getTime()}` } : null,
    mode: scrim.mode,
    draft: scrim.draft,
    draftTimerSeconds: scrim.draftTimerSeconds,
    signups: aggregate.signups.map((g) => ({
      _user: toScrimUser(g.user),
      primaryRole: g.primaryRole,
      secondaryRole: g.secondaryRole,
      rating: shownRating(g.user, g.rating),
    })),
    balance: balanceOf(aggregate),
    result: resultOf(aggregate, withEvidence),
    remakes: scrim.remakes,
    ratingChanges: aggregate.ratingChanges.map((c) => ({
      userId: c.userId,
      before: c.ratingBefore,
      after: c.ratingAfter,
    })),
    status: scrimStatusOf(scrim),
    cancellation: scrim.cancelledAt
      ? { reason: scrim.cancelReason ?? '', cancelledAt: scrim.cancelledAt.toISOString() }
      : null,
    hostedBy: aggregate.hostedBy ? toScrimUser(aggregate.hostedBy) : null,
    waitlist: aggregate.waitlist.map((w) => ({
      _user: toScrimUser(w.user),
      role: w.role,
      joinedAt: w.createdAt.toISOString(),
    })),
    checkIn: checkInOf(aggregate),
    placed: participants.filter((p) => p.kind === 'player' && p.placed).map((p) => p.user.id),
    substitutions: aggregate.substitutions.map((b) => ({
      outUserId: b.outUserId,
      inUserId: b.inUserId,
      outUser: b.outUser ? toScrimUser(b.outUser) : null,
      inUser: b.inUser ? toScrimUser(b.inUser) : null,
      createdAt: b.createdAt.toISOString(),
    })),
    series: aggregate.series && {
      _id: aggregate.series.id,
      gameNumber: aggregate.series.number,
      format: aggregate.series.format,
      teams: aggregate.series.teams.map((t) => ({ _id: t.id, name: t.name, tag: t.tag })),
      rosterIds: aggregate.series.rosterIds,
    },
    createdAt: scrim.createdAt.toISOString(),
    updatedAt: scrim.updatedAt.toISOString(),
  };
}

/** The facts the shared ability rules read of a scrim (its series game's rosters: ScrimAggregate.series). */
export const abilityScrimOf = ({ scrim, series }: Pick<ScrimAggregate, 'scrim' | 'series'>) => ({
  ...scrim,
  seriesRosterIds: series?.rosterIds ?? null,
});

/**
 * A scrim as `viewer` may see it: the lobby secrets and Riot's errors where they may, and what they may do
 * (`can`) unless `abilities` is false (a list entry, cached for every viewer alike).
 */
export const presentScrimFor = (
  aggregate: ScrimAggregate,
  viewer: Viewer | null,
  { abilities = true }: { abilities?: boolean } = {},
): Scrim => ({
  ...presentScrim(aggregate, {
    withLobby: canSeeLobby({ ...aggregate, scrim: abilityScrimOf(aggregate) }, viewer),
    ...(viewer && canRunScrim(viewer, abilityScrimOf(aggregate)) && { withRiotErrors: true, withEvidence: true }),
  }),
  ...(abilities && viewer && { can: scrimAbilities(viewer, abilityScrimOf(aggregate)) }),
});
