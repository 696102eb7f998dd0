import {
  MATCH_SIDES,
  type DraftAction,
  type DraftMismatch,
  type DraftSide,
  type MatchSide,
  type Role,
  type TeamName,
} from '@scrim-gym/shared';

/*
 * The scoreboard's check of a game against the scrim's finished draft: each draft side's picks against the
 * champions its team played, and its bans against the bans its team made. Blue in the draft is the scrim's teamOne;
 * where teamOne played in the game (Riot's blue, or red in a lobby played with sides swapped) is the caller's,
 * from the players' PUUIDs as the results read them.
 */

export interface DraftTurnRow {
  side: DraftSide;
  action: DraftAction;
  /** Null: a ban that timed out. */
  champion: string | null;
  role: Role | null;
}

interface GameSide {
  side: MatchSide;
  /** Riot's bans in pick turn order; null: no ban, or one Data Dragon could not name. */
  bans: (string | null)[];
}

interface GameParticipant {
  side: MatchSide;
  champion: string;
  role: Role | null;
}

/** Items of `a` not in `b`, in `a`'s order. */
const missingFrom = <T>(a: T[], b: Set<string>, key: (item: T) => string) => a.filter((item) => !b.has(key(item)));

/**
 * The champions a side played that its draft did not pick, each paired with a drafted champion nobody played: by
 * the same role first (a drafter may give a pick its role), then in order. A side always plays as many champions
 * as it drafts, so both lists are equally long; a game short of players leaves its unplayed picks unpaired.
 */
function pickMismatches(side: MatchSide, drafted: DraftTurnRow[], played: GameParticipant[]): DraftMismatch[] {
  const notPlayed = missingFrom(drafted, new Set(played.map((p) => p.champion)), (t) => t.champion!);
  const notDrafted = missingFrom(played, new Set(drafted.map((t) => t.champion!)), (p) => p.champion);
  const pairs: DraftMismatch[] = [];
  const unpaired: GameParticipant[] = [];
  for (const participant of notDrafted) {
    const i = notPlayed.findIndex((turn) => turn.role !== null && turn.role === participant.role);
    if (i < 0) unpaired.push(participant);
    else
      pairs.push({ action: 'pick', side, played: participant.champion, drafted: notPlayed.splice(i, 1)[0]!.champion });
  }
  for (const participant of unpaired) {
    const turn = notPlayed.shift();
    if (turn) pairs.push({ action: 'pick', side, played: participant.champion, drafted: turn.champion });
  }
  return pairs;
}

/**
 * The bans a side made that its draft did not, each paired in order with a drafted ban it did not make; what is
 * left over on either side stands alone (the draft had no ban there, or the game had no such ban).
 */
function banMismatches(side: MatchSide, drafted: (string | null)[], banned: (string | null)[]): DraftMismatch[] {
  const named = (list: (string | null)[]) => list.filter((c): c is string => c !== null);
  const draftedBans = named(drafted);
  const gameBans = named(banned);
  const extra = missingFrom(gameBans, new Set(draftedBans), (c) => c);
  const missing = missingFrom(draftedBans, new Set(gameBans), (c) => c);
  return Array.from({ length: Math.max(extra.length, missing.length) }, (_, i) => ({
    action: 'ban' as const,
    side,
    played: extra[i] ?? null,
    drafted: missing[i] ?? null,
  }));
}

/**
 * Every difference between the game and its draft, blue's then red's as the scoreboard shows them, picks before
 * bans. `teamOneSide`: where the scrim's teamOne (the draft's blue) played.
 */
export function checkDraft({
  turns,
  teams,
  participants,
  teamOneSide,
}: {
  turns: DraftTurnRow[];
  teams: GameSide[];
  participants: GameParticipant[];
  teamOneSide: MatchSide;
}): DraftMismatch[] {
  return MATCH_SIDES.flatMap((side) => {
    const draftSide: DraftSide = side === teamOneSide ? 'blue' : 'red';
    const ofSide = turns.filter((turn) => turn.side === draftSide);
    const picks = ofSide.filter((turn) => turn.action === 'pick' && turn.champion !== null);
    const bans = ofSide.filter((turn) => turn.action === 'ban').map((turn) => turn.champion);
    return [
      ...pickMismatches(
        side,
        picks,
        participants.filter((p) => p.side === side),
      ),
      ...banMismatches(side, bans, teams.find((team) => team.side === side)?.bans ?? []),
    ];
  });
}

/** Where teamOne played: Riot's blue unless the players' PUUIDs put it on red (`teamOnBlue`: the results' reading). */
export const teamOneSideOf = (teamOnBlue: TeamName | null): MatchSide => (teamOnBlue === 'teamTwo' ? 'red' : 'blue');
