import { describe, expect, it } from 'vitest';
import type { Scrim } from '@scrim-gym/shared';
import { makeScrim, players, scrimUser } from '../test/scrim-factory';
import {
  checkInPhase,
  isLateLeave,
  promotionOf,
  shownStatus,
  substitutionLines,
  waitlistChoices,
  waitlistPosition,
} from './show-up';

const VIEWER = scrimUser(50);
const waiting = (n: number, role: Scrim['waitlist'][number]['role'] = 'any') => ({
  _user: scrimUser(n),
  role,
  joinedAt: '2026-05-01T10:00:00.000Z',
});

describe('waitlistChoices: what the viewer may wait for', () => {
  it('offers nothing while every role has a free slot', () => {
    expect(waitlistChoices(makeScrim(players(4)), VIEWER._id)).toEqual([]);
  });

  it('offers each role taken on both teams, and any role once all ten are taken', () => {
    const ten = players(10);
    // Mid is free on Team Two only: Top, Jungle, ADC and Support are full.
    const nine = makeScrim({ teamOne: ten.teamOne, teamTwo: ten.teamTwo.filter((p) => p.role !== 'Mid') });
    expect(waitlistChoices(nine, VIEWER._id)).toEqual(['Top', 'Jungle', 'ADC', 'Support']);
    expect(waitlistChoices(makeScrim(ten), VIEWER._id)).toEqual(['Top', 'Jungle', 'Mid', 'ADC', 'Support', 'any']);
  });

  it('offers nothing to a player, someone already waiting, a signed-out viewer or on a cancelled scrim', () => {
    const full = makeScrim(players(10));
    expect(waitlistChoices(full, full.teamOne[0]!._user._id)).toEqual([]);
    expect(waitlistChoices({ ...full, waitlist: [waiting(50)] }, VIEWER._id)).toEqual([]);
    expect(waitlistChoices(full, null)).toEqual([]);
    const cancelled = { ...full, status: 'cancelled' as const, cancellation: { reason: 'x', cancelledAt: '' } };
    expect(waitlistChoices(cancelled, VIEWER._id)).toEqual([]);
  });

  it('a balanced scrim: every choice from ten sign-ups, not to one of them', () => {
    const signups = Array.from({ length: 10 }, (_, i) => ({
      _user: scrimUser(i + 1),
      primaryRole: 'Fill' as const,
      secondaryRole: 'Fill' as const,
      rating: { rating: 800, provisional: false },
    }));
    expect(waitlistChoices(makeScrim({ mode: 'balanced', signups: signups.slice(0, 9) }), VIEWER._id)).toEqual([]);
    expect(waitlistChoices(makeScrim({ mode: 'balanced', signups }), VIEWER._id)).toHaveLength(6);
    expect(waitlistChoices(makeScrim({ mode: 'balanced', signups }), scrimUser(3)._id)).toEqual([]);
  });
});

describe('promotionOf: waiting before, a player now', () => {
  const full = makeScrim(players(10));
  const before: Scrim = { ...full, teamTwo: full.teamTwo.slice(0, 4), waitlist: [waiting(50)] };
  const after: Scrim = {
    ...full,
    teamTwo: [...full.teamTwo.slice(0, 4), { ...full.teamTwo[4]!, _user: VIEWER }],
    waitlist: [],
  };

  it('finds the slot the viewer was given', () => {
    expect(promotionOf(before, after, VIEWER._id)).toMatchObject({ role: 'Support', team: { name: 'teamTwo' } });
    expect(waitlistPosition(before, VIEWER._id)).toBe(1);
  });

  it('is null with no earlier version, for another viewer, or when they were not waiting', () => {
    expect(promotionOf(undefined, after, VIEWER._id)).toBeNull();
    expect(promotionOf(before, after, scrimUser(51)._id)).toBeNull();
    expect(promotionOf({ ...before, waitlist: [] }, after, VIEWER._id)).toBeNull();
    expect(promotionOf(before, before, VIEWER._id)).toBeNull();
  });
});

describe('check-in window, late leave, status', () => {
  const checkIn = { opensAt: '2026-05-01T19:30:00.000Z', closesAt: '2026-05-01T19:55:00.000Z', checkedIn: [] };
  it('is before, open from opensAt, closed from closesAt', () => {
    expect(checkInPhase(checkIn, Date.parse('2026-05-01T19:29:59.999Z'))).toBe('before');
    expect(checkInPhase(checkIn, Date.parse('2026-05-01T19:30:00.000Z'))).toBe('open');
    expect(checkInPhase(checkIn, Date.parse('2026-05-01T19:55:00.000Z'))).toBe('closed');
  });

  it('counts a leave under 2 hours before the start as late', () => {
    const start = { gameStartTime: '2026-05-01T20:00:00.000Z' };
    expect(isLateLeave(start, Date.parse('2026-05-01T18:00:00.000Z'))).toBe(false);
    expect(isLateLeave(start, Date.parse('2026-05-01T18:00:00.001Z'))).toBe(true);
  });

  it('moves a scheduled scrim on to live at the start', () => {
    expect(shownStatus({ status: 'scheduled' }, false)).toBe('scheduled');
    expect(shownStatus({ status: 'scheduled' }, true)).toBe('live');
    expect(shownStatus({ status: 'cancelled' }, true)).toBe('cancelled');
  });
});

describe('substitutionLines', () => {
  it('names both players as the server sends them, oldest first', () => {
    const scrim = makeScrim({
      ...players(10),
      substitutions: [
        {
          outUserId: scrimUser(70)._id,
          inUserId: scrimUser(3)._id,
          outUser: scrimUser(70),
          inUser: scrimUser(3),
          createdAt: '2026-05-01T20:05:00.000Z',
        },
        {
          outUserId: null,
          inUserId: scrimUser(4)._id,
          outUser: null,
          inUser: scrimUser(4),
          createdAt: '2026-05-01T20:06:00.000Z',
        },
      ],
    });
    const lines = substitutionLines(scrim);
    expect(lines.map((l) => [l.in?.name, l.out?.name ?? null])).toEqual([
      ['Player 3', 'Player 70'],
      ['Player 4', null],
    ]);
  });
});
