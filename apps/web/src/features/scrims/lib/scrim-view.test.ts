import { describe, expect, it } from 'vitest';
import {
  bannerText,
  centreState,
  countdownParts,
  formatCountdown,
  relativeTime,
  relationOf,
  scrimTitle,
} from './scrim-view';
import { hoursFromNow, makeScrim, players, scrimUser } from '../test/scrim-factory';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('countdown (days, hours, minutes, seconds; zero leading units hidden)', () => {
  it('hides zero leading units and keeps inner zeros', () => {
    expect(countdownParts(2 * D + 3 * H + 4 * M + 5 * S).map((p) => p.unit)).toEqual([
      'days',
      'hours',
      'minutes',
      'seconds',
    ]);
    expect(countdownParts(3 * H + 5 * S)).toEqual([
      { unit: 'hours', value: 3 },
      { unit: 'minutes', value: 0 },
      { unit: 'seconds', value: 5 },
    ]);
    expect(countdownParts(59 * S)).toEqual([{ unit: 'seconds', value: 59 }]);
    expect(countdownParts(-5 * S)).toEqual([{ unit: 'seconds', value: 0 }]);
  });

  it('formats compactly', () => {
    expect(formatCountdown(D + 2 * H + 3 * M + 4 * S)).toBe('1d 02h 03m 04s');
    expect(formatCountdown(4 * M + 5 * S)).toBe('4m 05s');
    expect(formatCountdown(1500)).toBe('2s');
  });
});

describe('titles and relations', () => {
  it("falls back to the creator's name", () => {
    expect(scrimTitle(makeScrim({ title: 'Gold+ Inhouse' }))).toBe('Gold+ Inhouse');
    expect(scrimTitle(makeScrim({ title: '' }))).toBe("Creator's Scrim");
  });

  it('knows the viewer: player, caster, captain, admin', () => {
    const scrim = makeScrim({ ...players(3), casters: [scrimUser(50)], lobbyHost: scrimUser(2) });
    expect(relationOf(scrim, { _id: scrimUser(2)._id, isAdmin: false })).toMatchObject({
      isCaptain: true,
      isCaster: false,
    });
    expect(relationOf(scrim, { _id: scrimUser(2)._id, isAdmin: false }).player?.role).toBe('Jungle');
    expect(relationOf(scrim, { _id: scrimUser(50)._id, isAdmin: true })).toMatchObject({
      isCaster: true,
      isAdmin: true,
      player: undefined,
    });
  });
});

describe('banners', () => {
  it('shows nothing before the start', () => {
    expect(bannerText(makeScrim(), 'upcoming')).toBeNull();
  });
  it('waits for players while current, says teams not full after the window, game ready when full', () => {
    expect(bannerText(makeScrim(players(7)), 'current')).toBe('WAITING FOR PLAYERS');
    expect(bannerText(makeScrim(players(7)), 'previous')).toBe('TEAMS NOT FULL');
    expect(bannerText(makeScrim(players(10)), 'current')).toBe('GAME READY');
  });
  it('names the winner', () => {
    expect(bannerText(makeScrim({ ...players(10), teamWon: 'teamOne' }), 'previous')).toBe('TEAM ONE (BLUE SIDE) WON!');
    expect(bannerText(makeScrim({ ...players(10), teamWon: 'teamTwo' }), 'previous')).toBe('TEAM TWO (RED SIDE) WON!');
  });
});

describe('centre info box', () => {
  const started = { gameStartTime: hoursFromNow(-1) };
  it('counts down before the start', () => {
    expect(centreState(makeScrim(), 'upcoming', { generating: false })).toEqual({ kind: 'countdown' });
  });
  it("asks for the missing players with the catalogue's text", () => {
    expect(centreState(makeScrim({ ...started, ...players(7) }), 'current', { generating: false })).toEqual({
      kind: 'notEnough',
      text: 'Not enough players: 7/10. Please get 0 players in Team 1 and 3 in Team 2 to unlock lobby name and password',
    });
  });
  it('shows the lobby name and password the server sent', () => {
    const scrim = makeScrim({ ...started, ...players(10), lobbyName: 'Lobby', lobbyPassword: 'pw123456' });
    expect(centreState(scrim, 'current', { generating: false })).toEqual({
      kind: 'lobby',
      name: 'Lobby',
      password: 'pw123456',
    });
    expect(
      centreState({ ...scrim, lobbyName: undefined, lobbyPassword: undefined }, 'current', { generating: false }),
    ).toEqual({ kind: 'hidden' });
  });
  it("shows the tournament code, or 'Generating…' for its first seconds without one", () => {
    const base = makeScrim({
      ...started,
      ...players(10),
      lobbyName: 'Lobby',
      lobbyPassword: 'pw',
      useTournamentCode: true,
    });
    const tournament = {
      tournamentCode: 'NA-CODE',
      providerId: 1,
      tournamentId: 2,
      setupCompleted: true,
      lobbyCreated: false,
      lastError: null,
      participants: null,
    };
    expect(centreState({ ...base, riotTournament: tournament }, 'current', { generating: false })).toEqual({
      kind: 'code',
      code: 'NA-CODE',
    });
    expect(centreState(base, 'current', { generating: true })).toEqual({ kind: 'generating' });
    expect(centreState(base, 'current', { generating: false })).toMatchObject({ kind: 'lobby' });
  });
});

describe('relative time', () => {
  it('reads naturally', () => {
    const now = Date.now();
    expect(relativeTime(now + 2 * H, now)).toBe('in 2 hours');
    expect(relativeTime(now - 40 * M, now)).toBe('40 minutes ago');
    expect(relativeTime(now + D, now)).toBe('tomorrow');
  });
});
