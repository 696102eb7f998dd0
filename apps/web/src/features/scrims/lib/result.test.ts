import { describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, type Scrim } from '@scrim-gym/shared';
import { reportedScrim } from '../test/scrim-factory';
import { clockTime, evidenceLines, mayAnswerResult, ratingChangeText, resultStatusText } from './result';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const reported = (overrides: Partial<NonNullable<Scrim['result']>> = {}) => reportedScrim({ now: NOW, ...overrides });

describe('resultStatusText', () => {
  it('names the reporter and when the report confirms itself', () => {
    const scrim = reported();
    expect(resultStatusText(scrim)).toBe(
      RESULT_MESSAGES.reportedBy(scrim.teamOne[1]!._user.name, clockTime(scrim.result!.confirmBy!)),
    );
    expect(resultStatusText(reported({ reportedBy: 'someone-gone' }))).toBe(
      RESULT_MESSAGES.reportedByUnknown(clockTime(scrim.result!.confirmBy!)),
    );
  });

  it('says where a confirmed result came from, or disputed with the reason; nothing without a result', () => {
    expect(resultStatusText(reported({ status: 'confirmed', confirmBy: null }))).toBe('Confirmed');
    expect(resultStatusText(reported({ status: 'confirmed', source: 'riot' }))).toBe("From Riot's match");
    expect(resultStatusText(reported({ status: 'confirmed', source: 'admin' }))).toBe('Set by an admin');
    expect(resultStatusText(reported({ status: 'confirmed', confirmedBy: 'teamTwo' }))).toBe('Confirmed by Red');
    expect(resultStatusText(reported({ status: 'confirmed', confirmedBy: 'teamOne' }))).toBe('Confirmed by Blue');
    const dispute = { by: 'x', reason: 'Wrong side', createdAt: new Date(NOW).toISOString() };
    expect(resultStatusText(reported({ status: 'disputed', dispute }))).toBe('Disputed: Wrong side');
    expect(resultStatusText({ ...reported(), result: null })).toBeNull();
  });

  it('says Remade while a remade game left no result, and only then', () => {
    expect(resultStatusText({ ...reported(), teamWon: null, result: null, remakes: 1 })).toBe('Remade');
    expect(resultStatusText(reported({ status: 'confirmed', source: 'riot' }))).toBe("From Riot's match");
  });
});

describe('evidenceLines', () => {
  it('lists what was seen with times, for whoever the server sends it to, and nothing to the others', () => {
    const at = new Date(NOW).toISOString();
    const evidence = [
      { kind: 'callback' as const, at },
      { kind: 'match-v5' as const, at },
    ];
    expect(evidenceLines(reported({ evidence }))).toEqual([
      `Riot's game-end callback · ${clockTime(at)}`,
      `Riot's match · ${clockTime(at)}`,
    ]);
    expect(evidenceLines(reported({ evidence: null }))).toEqual([]);
  });
});

describe('mayAnswerResult', () => {
  it('lets players of the other team answer a pending report within its window', () => {
    const scrim = reported();
    const other = scrim.teamTwo[3]!._user._id;
    const mate = scrim.teamOne[0]!._user._id;
    expect(mayAnswerResult(scrim, other, NOW)).toBe(true);
    expect(mayAnswerResult(scrim, mate, NOW)).toBe(false);
    expect(mayAnswerResult(scrim, 'a-stranger', NOW)).toBe(false);
    expect(mayAnswerResult(scrim, null, NOW)).toBe(false);
    expect(mayAnswerResult(scrim, other, NOW + 26 * 60_000)).toBe(false);
    expect(mayAnswerResult(reported({ status: 'confirmed' }), other, NOW)).toBe(false);
    expect(mayAnswerResult(reported({ status: 'disputed' }), other, NOW)).toBe(false);
  });
});

describe('ratingChangeText', () => {
  it('signs the change of a rated player; null for others', () => {
    const scrim = {
      ...reported(),
      ratingChanges: [
        { userId: 'a', before: 800, after: 812 },
        { userId: 'b', before: 800, after: 791 },
        { userId: 'c', before: 800, after: 800 },
      ],
    };
    expect(ratingChangeText(scrim, 'a')).toBe('+12');
    expect(ratingChangeText(scrim, 'b')).toBe('−9');
    expect(ratingChangeText(scrim, 'c')).toBe('±0');
    expect(ratingChangeText(scrim, 'd')).toBeNull();
  });
});
