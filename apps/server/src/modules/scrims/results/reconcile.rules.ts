import type { ResultEvidenceKind, ResultSource, TeamName } from '@scrim-gym/shared';
import type { RESULT_EVIDENCE_VERDICTS } from '../../../db/schema/index.js';

/**
 * The result reconciler's rules: from every piece of evidence seen of a scrim's games, what its result is. Pure;
 * reconcile.ts stores the evidence and applies the decision under the scrim's lock, docs/game-day.md ("The
 * result reconciler") describes it for people.
 */

export type EvidenceVerdict = (typeof RESULT_EVIDENCE_VERDICTS)[number];

/** One piece of evidence: what it says (winner by the scrim's team name, never Riot's side) and of which game. */
export interface Evidence {
  kind: ResultEvidenceKind;
  at: Date;
  verdict: EvidenceVerdict;
  team: TeamName | null;
  gameId: number | null;
}

/** The scrim's result as it stands (its row's fields). */
export interface StandingResult {
  teamWon: TeamName | null;
  resultSource: ResultSource | null;
}

/** What the reconciler does to the scrim's result, and how many of its games Riot shows as remade. */
export type Decision = { remakes: number } & (
  { action: 'riot'; team: TeamName; gameId: number | null } | { action: 'withdraw' } | { action: 'keep' }
);

const RIOT_KINDS = new Set<ResultEvidenceKind>(['callback', 'games-by-code', 'match-v5']);
export const isRiotKind = (kind: ResultEvidenceKind) => RIOT_KINDS.has(kind);

/**
 * The precedence, highest first: the first row that has evidence decides. The same table is in docs/game-day.md.
 * Within one Riot game match-v5 outranks the callback and games/by-code (it alone tells a remake, and its
 * winner is read from each participant's PUUID and `win`).
 */
export const RESULT_PRECEDENCE = [
  {
    evidence: 'admin',
    wins: 'over Riot games it was made after',
    why: 'an admin who saw Riot’s result and changed it corrects it on purpose (a forfeit, a wrong account)',
  },
  {
    evidence: 'match-v5',
    wins: 'over everything else of its game',
    why: 'the full match: the PUUIDs of both teams, `win`, the duration and the early-surrender remake',
  },
  {
    evidence: 'callback, games-by-code',
    wins: 'over people',
    why: 'Riot’s word on the winning PUUIDs; a remake shown by match-v5 later withdraws it',
  },
  {
    evidence: 'admin',
    wins: 'over captains',
    why: 'made before Riot’s game was seen: a stand-in for missing data, Riot’s result replaces it',
  },
  { evidence: 'confirmation', wins: 'over a report', why: 'the other team agrees: confirmed' },
  { evidence: 'report', wins: 'nothing yet', why: 'pending until confirmed, disputed or its window ends' },
] as const;

/** A Riot game's evidence ranked: match-v5 first. */
const RIOT_RANK: Partial<Record<ResultEvidenceKind, number>> = { 'match-v5': 2, callback: 1, 'games-by-code': 1 };

interface RiotGame {
  gameId: number | null;
  firstSeen: Date;
  verdict: Exclude<EvidenceVerdict, 'no-result'>;
  team: TeamName | null;
}

/**
 * Riot's evidence per game. A game is another scrim's (fewer than 8 of its players, or no winner from their
 * PUUIDs) when any evidence says so, remade when any says so (only match-v5 can), else won by the team of its
 * best-ranked evidence (the newest among equals). Evidence without a game id is a game of its own.
 */
export function riotGames(evidence: Evidence[]): RiotGame[] {
  const games = new Map<string, Evidence[]>();
  evidence.forEach((item, index) => {
    if (!isRiotKind(item.kind)) return;
    const key = item.gameId === null ? `unknown-${index}` : String(item.gameId);
    games.set(key, [...(games.get(key) ?? []), item]);
  });
  return [...games.values()]
    .map((items) => {
      const firstSeen = new Date(Math.min(...items.map((item) => item.at.getTime())));
      const says = (verdict: EvidenceVerdict) => items.some((item) => item.verdict === verdict);
      const gameId = items[0]!.gameId;
      if (says('not-this-scrim')) return { gameId, firstSeen, verdict: 'not-this-scrim' as const, team: null };
      if (says('remake')) return { gameId, firstSeen, verdict: 'remake' as const, team: null };
      const best = items
        .filter((item) => item.verdict === 'winner' && item.team)
        .sort((a, b) => (RIOT_RANK[b.kind] ?? 0) - (RIOT_RANK[a.kind] ?? 0) || b.at.getTime() - a.at.getTime())[0];
      return best
        ? { gameId, firstSeen, verdict: 'winner' as const, team: best.team }
        : { gameId, firstSeen, verdict: 'not-this-scrim' as const, team: null };
    })
    .sort(
      (a, b) =>
        (a.gameId ?? Number.MAX_SAFE_INTEGER) - (b.gameId ?? Number.MAX_SAFE_INTEGER) ||
        a.firstSeen.getTime() - b.firstSeen.getTime(),
    );
}

/**
 * The scrim's result from everything seen. Riot's result is its first game on the code that was neither remade
 * nor another scrim's (after a remake, the replay; a game played after the result changes nothing). It replaces
 * any captain's result and an admin's made before that game was seen; an admin's entry made after it stands.
 * No such game: a result Riot gave earlier (from a game since shown remade) is withdrawn; people's stands.
 */
export function decideResult(evidence: Evidence[], standing: StandingResult): Decision {
  const games = riotGames(evidence);
  const remakes = games.filter((game) => game.verdict === 'remake').length;
  const result = games.find((game) => game.verdict === 'winner');
  const lastAdmin = evidence
    .filter((item) => item.kind === 'admin')
    .reduce<Date | null>((last, item) => (!last || item.at > last ? item.at : last), null);
  if (result?.team) {
    if (lastAdmin && lastAdmin >= result.firstSeen) return { remakes, action: 'keep' };
    return { remakes, action: 'riot', team: result.team, gameId: result.gameId };
  }
  if (standing.resultSource === 'riot') return { remakes, action: 'withdraw' };
  return { remakes, action: 'keep' };
}
