import { describe, expect, it } from 'vitest';
import { getScrimTiming, SCRIM_MESSAGES } from '@scrim-gym/shared';
import { hoursFromNow, makeScrim, players, scrimUser } from '../test/scrim-factory';
import { fillRandomAlert } from './fill-random';
import { gamePartOf, lobbyPanelState } from './lobby-panel';
import { awaitsTournamentCode, relationOf } from './scrim-view';

const me = scrimUser(1);
const asMe = { _id: me._id, isAdmin: false };
const lobby = { lobbyName: 'Lobby', lobbyPassword: 'pw' };
const state = (scrim: ReturnType<typeof makeScrim>, user = asMe, opts = {}) => {
  const now = Date.now();
  return lobbyPanelState(scrim, getScrimTiming({ ...scrim, now }), relationOf(scrim, user), {
    codesAvailable: false,
    generating: false,
    now,
    ...opts,
  });
};

describe('lobbyPanelState', () => {
  it('is ready the moment a full scrim has started, for its players', () => {
    expect(state(makeScrim({ ...players(10), gameStartTime: hoursFromNow(-0.01), ...lobby }))).toMatchObject({
      kind: 'ready',
      name: 'Lobby',
      password: 'pw',
      code: null,
      codePending: false,
    });
  });

  it('is nothing before the start (the countdown stays), while a team is short, or for outsiders', () => {
    expect(state(makeScrim({ ...players(10), gameStartTime: hoursFromNow(0.5), ...lobby }))).toBeNull();
    expect(state(makeScrim({ ...players(9), gameStartTime: hoursFromNow(-0.1), ...lobby }))).toBeNull();
    const outsider = { _id: scrimUser(50)._id, isAdmin: false };
    expect(state(makeScrim({ ...players(10), gameStartTime: hoursFromNow(-0.1) }), outsider)).toBeNull();
  });

  it('says a code is being generated only when the server makes codes', () => {
    const scrim = makeScrim({ ...players(10), gameStartTime: hoursFromNow(-0.1), useTournamentCode: true, ...lobby });
    expect(state(scrim, asMe, { codesAvailable: false, generating: true })).toMatchObject({ codePending: false });
    expect(state(scrim, asMe, { codesAvailable: true, generating: true })).toMatchObject({ codePending: true });
    expect(awaitsTournamentCode(scrim, 'current', false)).toBe(false);
    expect(awaitsTournamentCode(scrim, 'current', true)).toBe(true);
  });

  it('lets the captain and admins report', () => {
    const scrim = makeScrim({ ...players(10), gameStartTime: hoursFromNow(-0.1), lobbyHost: me, ...lobby });
    expect(state(scrim)).toMatchObject({ isCaptain: true, canReport: true });
    expect(state(scrim, { _id: scrimUser(60)._id, isAdmin: true })).toMatchObject({
      isCaptain: false,
      canReport: true,
    });
  });

  it('after the result: the outcome and what the viewer was in the game', () => {
    const scrim = makeScrim({ ...players(10), gameStartTime: hoursFromNow(-0.5), teamWon: 'teamTwo' });
    expect(state(scrim)).toEqual({ kind: 'result', winner: 'teamTwo', part: 'loss', recent: true });
    expect(gamePartOf(scrim, relationOf(scrim, { _id: scrimUser(6)._id, isAdmin: false }))).toBe('win');
    const cast = makeScrim({ ...scrim, casters: [scrimUser(70)] });
    expect(gamePartOf(cast, relationOf(cast, { _id: scrimUser(70)._id, isAdmin: false }))).toBe('cast');
    const old = makeScrim({ ...scrim, gameStartTime: hoursFromNow(-30) });
    expect(state(old)).toMatchObject({ recent: false });
  });
});

describe('fillRandomAlert', () => {
  it("keeps the catalogue's success text with what was really filled", () => {
    expect(fillRandomAlert({ filledPositions: 4, unfilledPositions: 0, unfilledReason: null })).toEqual({
      type: 'Success',
      message: SCRIM_MESSAGES.filled(4),
    });
  });

  it('says what could not be filled and why', () => {
    const reason = SCRIM_MESSAGES.notEnoughEligible(2, 'NA');
    expect(fillRandomAlert({ filledPositions: 3, unfilledPositions: 2, unfilledReason: reason })).toEqual({
      type: 'Info',
      message: `Successfully filled 3 positions with random players! ${reason}`,
    });
    expect(fillRandomAlert({ filledPositions: 0, unfilledPositions: 5, unfilledReason: reason })).toEqual({
      type: 'Error',
      message: reason,
    });
    expect(fillRandomAlert({ filledPositions: 0, unfilledPositions: 0, unfilledReason: null })).toEqual({
      type: 'Info',
      message: SCRIM_MESSAGES.noEmptyPositions,
    });
  });
});
