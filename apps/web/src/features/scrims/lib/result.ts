import { RESULT_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { playersOf } from './scrim-view';

/** 'HH:MM' in the viewer's time zone (24 h). */
export const clockTime = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

/** The name of a user of the scrim (a player, a caster or the lobby host), or null. */
function nameIn(scrim: Scrim, userId: string | null) {
  if (!userId) return null;
  const users = [...playersOf(scrim).map((p) => p._user), ...scrim.casters, scrim.lobbyHost, scrim.hostedBy];
  return users.find((u) => u?._id === userId)?.name ?? null;
}

/** Where a confirmed result came from: Riot's match, the other team's confirmation, an admin; else "Confirmed". */
function confirmedText({ source, confirmedBy }: NonNullable<Scrim['result']>) {
  if (source === 'riot') return RESULT_MESSAGES.fromRiotMatch;
  if (source === 'admin') return RESULT_MESSAGES.setByAdmin;
  return confirmedBy ? RESULT_MESSAGES.confirmedByTeam(confirmedBy) : RESULT_MESSAGES.confirmed;
}

/**
 * The result's state under the winner: "Reported by …, confirms itself at HH:MM unless disputed", where a
 * confirmed one came from ("From Riot's match", "Confirmed by Red", "Set by an admin"), "Disputed: reason";
 * "Remade" while a remade game left no result; null otherwise.
 */
export function resultStatusText(scrim: Scrim): string | null {
  const { result } = scrim;
  if (!result) return scrim.remakes > 0 ? RESULT_MESSAGES.remade : null;
  if (result.status === 'disputed') return RESULT_MESSAGES.disputed(result.dispute?.reason ?? '');
  if (result.status === 'confirmed') return confirmedText(result);
  const time = clockTime(result.confirmBy ?? result.reportedAt ?? new Date().toISOString());
  const name = nameIn(scrim, result.reportedBy);
  return name ? RESULT_MESSAGES.reportedBy(name, time) : RESULT_MESSAGES.reportedByUnknown(time);
}

/**
 * Whether `userId` may confirm or dispute the reported result now (as the server decides): a pending report,
 * before its window ends, by a player of the other team than the reporting captain's (any player when the
 * captain is not one).
 */
export function mayAnswerResult(scrim: Scrim, userId: string | null, now = Date.now()) {
  const { result } = scrim;
  if (!userId || result?.status !== 'pending' || !result.confirmBy) return false;
  if (new Date(result.confirmBy).getTime() <= now) return false;
  const players = playersOf(scrim);
  const me = players.find((p) => p._user._id === userId);
  const reporter = players.find((p) => p._user._id === result.reportedBy);
  return Boolean(me && me.team.name !== reporter?.team.name);
}

/** A player's rating change on this scrim's rated result: '+12', '−9', '±0'; null when not rated. */
export function ratingChangeText(scrim: Scrim, userId: string): string | null {
  const change = scrim.ratingChanges.find((c) => c.userId === userId);
  if (!change) return null;
  const delta = change.after - change.before;
  if (delta === 0) return '±0';
  return delta > 0 ? `+${delta}` : `−${-delta}`;
}

/** The result's evidence for its host and admins: "Riot's match · HH:MM", oldest first (empty for anyone else). */
export const evidenceLines = (scrim: Scrim) =>
  (scrim.result?.evidence ?? []).map(({ kind, at }) => `${RESULT_MESSAGES.evidenceKind[kind]} · ${clockTime(at)}`);
