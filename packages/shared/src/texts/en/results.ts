import {
  RESULT_CONFIRM_WINDOW_MINUTES,
  type ResultEvidenceKind,
  VERIFIED_PLAYERS_TO_RATE,
  type DisputeOutcome,
  type TeamName,
  type UnratedReason,
} from '../../constants.js';
import { teamDisplayName } from '../../rules/team-names.js';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0');

/** Texts of reported results (confirm, dispute, the admins' queue) and of ratings and seasons. */
export const RESULT_MESSAGES = {
  noResult: 'This scrim has no reported result.',
  notPending: 'This result is no longer waiting for a confirmation.',
  alreadyConfirmed: 'This result is confirmed: it can no longer be disputed.',
  alreadyDisputed: 'This result is already disputed: an admin will decide.',
  windowOver: `The ${RESULT_CONFIRM_WINDOW_MINUTES} minutes to confirm or dispute this result are over.`,
  notOtherTeam: 'Only a player of the other team (not the reporting captain’s) can confirm or dispute this result.',
  reasonEmpty: 'Please say why you dispute this result.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  /** Why a recorded result moves no rating (shown next to the result). */
  unrated: {
    private: 'Unrated: private scrim',
    unverified: `Unrated: fewer than ${VERIFIED_PLAYERS_TO_RATE} verified players`,
  } satisfies Record<UnratedReason, string>,
  disputedNotification: (title: string, reason: string) => `The result of ${title} was disputed: ${reason}`,
  // An admin's answer to a dispute (the dashboard's Resolve dialog and the players' notification)
  notDisputed: 'This result is not disputed: there is nothing to resolve.',
  notImpartial: 'You played in this scrim: another admin decides its dispute.',
  outcomeMissing:
    'Choose an outcome: keep the reported winner, give Team One (Blue Side) or Team Two (Red Side) the win, or no result.',
  decisionReasonEmpty: 'Please give the players a reason for your decision.',
  /** What was decided, in the players' words (`team`: the winner decided, null for no result). */
  decidedOutcome: (outcome: DisputeOutcome, team: TeamName | null) =>
    !team || outcome === 'none'
      ? 'no result, the game counts for nobody'
      : `${teamDisplayName(team)} won, ${outcome === 'keep' ? 'the report stands' : 'the report was overturned'}`,
  /** A player's own rating change, or null when the result moved no rating of theirs. */
  ratingChange: (change: { before: number; after: number } | null) =>
    change
      ? `Your rating: ${signed(change.after - change.before)} (now ${change.after}).`
      : 'Your rating did not change.',
  decidedNotification: (title: string, outcome: string, reason: string, rating: string) =>
    `An admin decided the disputed result of ${title}: ${outcome}. Reason: ${reason}. ${rating}`,
  resolve: 'Resolve',
  resolveTitle: (title: string) => `Resolve the dispute of ${title}`,
  resolveIntro:
    'Your decision confirms the result (or clears it), moves the ratings and tells every player the outcome, your reason and their rating change. An admin can still change it later in the edit form.',
  resolveKeep: (team: TeamName) => `Keep the report: ${teamDisplayName(team)} won`,
  resolveGive: (team: TeamName) => `Give ${teamDisplayName(team)} the win`,
  resolveNone: 'No result (the game counts for nobody)',
  resolveOutcomeLabel: 'Outcome',
  resolveReasonLabel: 'Reason (shown to every player)',
  resolveReasonCount: (n: number) => `${n}/500`,
  resolveCancel: 'Not now',
  resolveSubmit: 'Resolve dispute',
  resolvedToast: 'Dispute resolved: the players are told',
  // The scrim page and the admin dashboard
  reportedBy: (name: string, time: string) => `Reported by ${name}, confirms itself at ${time} unless disputed`,
  reportedByUnknown: (time: string) => `Reported by the captain, confirms itself at ${time} unless disputed`,
  confirmed: 'Confirmed',
  /** Where a confirmed result came from (the scrim page, under the winner). */
  fromRiotMatch: "From Riot's match",
  confirmedByTeam: (team: TeamName) => `Confirmed by ${team === 'teamOne' ? 'Blue' : 'Red'}`,
  setByAdmin: 'Set by an admin',
  /** A game Riot shows as remade, and no result yet: the replay on the same code counts. */
  remade: 'Remade',
  evidenceTitle: 'Evidence',
  evidenceKind: {
    callback: "Riot's game-end callback",
    'games-by-code': "Riot's games by code",
    'match-v5': "Riot's match",
    report: "A captain's report",
    confirmation: "The other team's confirmation",
    admin: "An admin's entry",
  } satisfies Record<ResultEvidenceKind, string>,
  strangerGame: (found: number) =>
    `A game on this scrim's code had only ${found} of its players: it is not this scrim's result`,
  disputed: (reason: string) => `Disputed: ${reason}`,
  // A winner not confirmed yet, wherever a result shows (cards, pages, profile lists, the admins' feed): it is no
  // win until confirmed, and no stat or EXP counts it.
  pendingResult: (team: string) => `Result pending: ${team} reported a win`,
  disputedResult: 'Result disputed: waiting for an admin',
  pendingShort: 'Result pending',
  disputedShort: 'Result disputed',
  pendingActivity: (title: string, team: string) => `Scrim "${title}": result pending, ${team} reported a win`,
  disputedActivity: (title: string) => `Scrim "${title}": result disputed, waiting for an admin`,
  /** Blue's chance as predicted when the game began, shown once the result is in. */
  predicted: (percent: number) => `${teamDisplayName('teamOne')} was given ${percent} %`,
  confirm: 'Confirm',
  dispute: 'Dispute',
  disputeTitle: 'Dispute this result',
  disputeReasonLabel: 'Why is this result wrong?',
  confirmedToast: 'Result confirmed',
  disputedToast: 'Result disputed: an admin will decide',
  disputesTitle: 'Disputed results',
  noDisputes: 'No disputed results.',
  disputeBy: (name: string) => `disputed by ${name}`,
  reportedByShort: (name: string) => `reported by ${name}`,
  newSeason: 'Start new season',
  newSeasonConfirm:
    'End the current season and start the next? Every rating is pulled halfway back toward the mean and becomes less certain; the old season stays readable.',
  newSeasonStarted: (name: string) => `${name} started`,
} as const;
