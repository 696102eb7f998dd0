import { describe, expect, it } from 'vitest';
import { SCRIM_ABILITIES } from '../schemas/scrim-abilities.js';
import { canRunScrim, scrimAbilities, type AbilityScrim, type AbilityViewer } from './scrim-abilities.js';

const HOST = 'host-1';
const scrim: AbilityScrim = { hostedBy: HOST, region: 'NA', lobbyHostId: 'captain-1', seriesRosterIds: null };
const seriesGame: AbilityScrim = {
  hostedBy: null,
  region: 'NA',
  lobbyHostId: 'captain-1',
  seriesRosterIds: ['blue-player', 'red-sub', 'host-on-team'],
};
/** What anyone may do for themselves on a scrim with open slots. */
const OWN = ['joinCast', 'takeSlot'];
const viewer = (overrides: Partial<AbilityViewer> = {}): AbilityViewer => ({
  id: 'someone',
  isAdmin: false,
  hostRegions: [],
  ...overrides,
});
const granted = (v: AbilityViewer, s: AbilityScrim = scrim) =>
  Object.entries(scrimAbilities(v, s))
    .filter(([, yes]) => yes)
    .map(([ability]) => ability)
    .sort();

const RUNNER = [
  'assignPlayers',
  'addImage',
  'balance',
  'cancel',
  'edit',
  'fillRandom',
  'kick',
  'removeImage',
  'setWinner',
  'substitute',
  'swapPlayers',
  ...OWN,
].sort();

describe('scrimAbilities', () => {
  it('gives an admin every power, on any scrim of any region', () => {
    expect(granted(viewer({ isAdmin: true }))).toEqual([...SCRIM_ABILITIES].sort());
    expect(granted(viewer({ isAdmin: true }), { ...scrim, region: 'EUW', hostedBy: null })).toEqual(
      [...SCRIM_ABILITIES].sort(),
    );
  });

  it("gives the scrim's community host its tools while they host its region, never an admin's", () => {
    expect(granted(viewer({ id: HOST, hostRegions: ['NA'] }))).toEqual(RUNNER);
    // The region revoked: their own scrim is no longer theirs to run.
    expect(granted(viewer({ id: HOST, hostRegions: ['EUW'] }))).toEqual(OWN);
    // Another host of the region runs nothing of this one.
    expect(granted(viewer({ id: 'host-2', hostRegions: ['NA'] }))).toEqual(OWN);
  });

  it('gives the lobby captain the winner and the image, a player nothing', () => {
    expect(granted(viewer({ id: 'captain-1' }))).toEqual(['addImage', 'setWinner', ...OWN].sort());
    expect(granted(viewer())).toEqual(OWN);
    expect(granted(viewer({ id: '' }), { ...scrim, lobbyHostId: null })).toEqual(OWN);
  });

  it('a scrim without a host is run by admins only', () => {
    expect(
      canRunScrim(viewer({ id: HOST, hostRegions: ['NA'] }), { hostedBy: null, region: 'NA', seriesRosterIds: null }),
    ).toBe(false);
  });

  it('a series game is run by admins and the hosts of its region who play for neither team', () => {
    // Its slots are its lineups', and it ends only with its series.
    const lineupsOnly = ['assignPlayers', 'fillRandom', 'balance', 'takeSlot', 'cancel', 'delete'];
    const run = RUNNER.filter((a) => !lineupsOnly.includes(a));
    expect(granted(viewer({ id: 'host-2', hostRegions: ['NA'] }), seriesGame)).toEqual(run);
    expect(granted(viewer({ id: 'host-2', hostRegions: ['EUW'] }), seriesGame)).toEqual(['joinCast']);
    expect(granted(viewer({ id: 'host-on-team', hostRegions: ['NA'] }), seriesGame)).toEqual([]);
    expect(granted(viewer({ isAdmin: true }), seriesGame)).toEqual(
      [...SCRIM_ABILITIES].filter((a) => !lineupsOnly.includes(a)).sort(),
    );
  });

  it("a series game's slots are taken by nobody, its cast by anyone but its teams' players", () => {
    expect(granted(viewer(), seriesGame)).toEqual(['joinCast']);
    expect(granted(viewer({ id: 'red-sub' }), seriesGame)).toEqual([]);
    expect(granted(viewer({ id: 'blue-player' }), { ...seriesGame, lobbyHostId: 'blue-player' })).toEqual([
      'addImage',
      'setWinner',
    ]);
  });
});
