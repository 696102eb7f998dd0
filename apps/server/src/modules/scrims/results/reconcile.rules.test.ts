import { describe, expect, it } from 'vitest';
import type { ResultEvidenceKind, ResultSource, TeamName } from '@scrim-gym/shared';
import { decideResult, type Evidence, type EvidenceVerdict, type StandingResult } from './reconcile.rules.js';

const T0 = Date.parse('2026-06-01T12:00:00Z');
/** One piece of evidence at minute `minute`: `kind@minute:game:says` as a row of the table. */
const seen = (
  kind: ResultEvidenceKind,
  minute: number,
  says: TeamName | Exclude<EvidenceVerdict, 'winner'>,
  gameId: number | null = null,
): Evidence => ({
  kind,
  at: new Date(T0 + minute * 60_000),
  verdict: says === 'teamOne' || says === 'teamTwo' ? 'winner' : says,
  team: says === 'teamOne' || says === 'teamTwo' ? says : null,
  gameId,
});
const standing = (teamWon: TeamName | null = null, resultSource: ResultSource | null = null): StandingResult => ({
  teamWon,
  resultSource,
});

/** The precedence as rows: what was seen, what stands, what the reconciler decides. */
const ROWS: [string, Evidence[], StandingResult, ReturnType<typeof decideResult>][] = [
  ['nothing seen: nothing to do', [], standing(), { remakes: 0, action: 'keep' }],
  [
    'a report alone stands (pending)',
    [seen('report', 1, 'teamOne')],
    standing('teamOne', 'captain'),
    { remakes: 0, action: 'keep' },
  ],
  [
    'a report and its confirmation stand',
    [seen('report', 1, 'teamOne'), seen('confirmation', 2, 'teamOne')],
    standing('teamOne', 'captain'),
    { remakes: 0, action: 'keep' },
  ],
  [
    'the callback sets the winner',
    [seen('callback', 1, 'teamTwo', 7)],
    standing(),
    { remakes: 0, action: 'riot', team: 'teamTwo', gameId: 7 },
  ],
  [
    'games/by-code sets the winner',
    [seen('games-by-code', 1, 'teamOne', 7)],
    standing(),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    'match-v5 alone sets the winner',
    [seen('match-v5', 1, 'teamOne', 7)],
    standing(),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    'Riot overrides a confirmed captain result',
    [seen('report', 1, 'teamTwo'), seen('confirmation', 2, 'teamTwo'), seen('callback', 3, 'teamOne', 7)],
    standing('teamTwo', 'captain'),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    "Riot overrides a report made after Riot's game (a report never overrides Riot)",
    [seen('callback', 1, 'teamOne', 7), seen('report', 2, 'teamTwo')],
    standing('teamTwo', 'captain'),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    "Riot overrides an admin's entry made before Riot's game was seen",
    [seen('admin', 1, 'teamTwo'), seen('callback', 2, 'teamOne', 7)],
    standing('teamTwo', 'admin'),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    "an admin's entry after Riot's game stands",
    [seen('callback', 1, 'teamOne', 7), seen('admin', 2, 'teamTwo')],
    standing('teamTwo', 'admin'),
    { remakes: 0, action: 'keep' },
  ],
  [
    "an admin's entry after Riot's game stands, also when match-v5 of that game comes later",
    [seen('callback', 1, 'teamOne', 7), seen('admin', 2, 'teamTwo'), seen('match-v5', 3, 'teamOne', 7)],
    standing('teamTwo', 'admin'),
    { remakes: 0, action: 'keep' },
  ],
  [
    "an admin's cleared result after Riot's game stands",
    [seen('callback', 1, 'teamOne', 7), seen('admin', 2, 'no-result')],
    standing(),
    { remakes: 0, action: 'keep' },
  ],
  [
    "a replay seen after the admin's entry is Riot's result again",
    [
      seen('callback', 1, 'teamOne', 7),
      seen('admin', 2, 'teamTwo'),
      seen('match-v5', 3, 'remake', 7),
      seen('callback', 4, 'teamOne', 8),
    ],
    standing('teamTwo', 'admin'),
    { remakes: 1, action: 'riot', team: 'teamOne', gameId: 8 },
  ],
  [
    'match-v5 outranks the callback of the same game',
    [seen('callback', 1, 'teamOne', 7), seen('match-v5', 2, 'teamTwo', 7)],
    standing('teamOne', 'riot'),
    { remakes: 0, action: 'riot', team: 'teamTwo', gameId: 7 },
  ],
  [
    'match-v5 outranks games/by-code even when it came first',
    [seen('match-v5', 1, 'teamTwo', 7), seen('games-by-code', 2, 'teamOne', 7)],
    standing(),
    { remakes: 0, action: 'riot', team: 'teamTwo', gameId: 7 },
  ],
  [
    'a duplicate callback and the poll after it agree: the same decision',
    [seen('callback', 1, 'teamOne', 7), seen('callback', 1, 'teamOne', 7), seen('games-by-code', 2, 'teamOne', 7)],
    standing('teamOne', 'riot'),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    "a remake withdraws Riot's result of that game",
    [seen('callback', 1, 'teamOne', 7), seen('match-v5', 2, 'remake', 7)],
    standing('teamOne', 'riot'),
    { remakes: 1, action: 'withdraw' },
  ],
  [
    'a remake alone: no result, counted',
    [seen('match-v5', 2, 'remake', 7)],
    standing(),
    { remakes: 1, action: 'keep' },
  ],
  [
    "a remake leaves a captain's report standing (Riot's replay will replace it)",
    [seen('report', 1, 'teamTwo'), seen('match-v5', 2, 'remake', 7)],
    standing('teamTwo', 'captain'),
    { remakes: 1, action: 'keep' },
  ],
  [
    'the replay after a remake is the result',
    [seen('callback', 1, 'teamOne', 7), seen('match-v5', 2, 'remake', 7), seen('callback', 3, 'teamTwo', 8)],
    standing(),
    { remakes: 1, action: 'riot', team: 'teamTwo', gameId: 8 },
  ],
  [
    'two remakes, then the replay',
    [seen('match-v5', 1, 'remake', 7), seen('match-v5', 2, 'remake', 8), seen('games-by-code', 3, 'teamOne', 9)],
    standing(),
    { remakes: 2, action: 'riot', team: 'teamOne', gameId: 9 },
  ],
  [
    'a game after the result changes nothing (the first game of the scrim counts)',
    [seen('callback', 1, 'teamOne', 7), seen('callback', 2, 'teamTwo', 8)],
    standing('teamOne', 'riot'),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    'games/by-code listing both games at once: the older is the result',
    [seen('games-by-code', 1, 'teamTwo', 8), seen('games-by-code', 1, 'teamOne', 7)],
    standing(),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
  [
    "another scrim's game changes nothing",
    [seen('callback', 1, 'not-this-scrim', 7)],
    standing('teamTwo', 'captain'),
    { remakes: 0, action: 'keep' },
  ],
  [
    "another scrim's game, then the scrim's own",
    [seen('callback', 1, 'not-this-scrim', 7), seen('callback', 2, 'teamTwo', 8)],
    standing(),
    { remakes: 0, action: 'riot', team: 'teamTwo', gameId: 8 },
  ],
  [
    "match-v5 showing fewer than 8 of ours outranks a callback's winner of that game",
    [seen('callback', 1, 'teamOne', 7), seen('match-v5', 2, 'not-this-scrim', 7)],
    standing('teamOne', 'riot'),
    { remakes: 0, action: 'withdraw' },
  ],
  [
    "Riot's result already recorded: the same decision (the caller writes nothing)",
    [seen('callback', 1, 'teamOne', 7), seen('match-v5', 2, 'teamOne', 7)],
    standing('teamOne', 'riot'),
    { remakes: 0, action: 'riot', team: 'teamOne', gameId: 7 },
  ],
];

describe('decideResult: the precedence table', () => {
  it.each(ROWS)('%s', (_name, evidence, current, decision) => {
    expect(decideResult(evidence, current)).toEqual(decision);
  });

  it('does not depend on the order the evidence is listed in', () => {
    for (const [, evidence, current, decision] of ROWS) {
      expect(decideResult([...evidence].reverse(), current)).toEqual(decision);
    }
  });
});
