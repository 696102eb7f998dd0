import { describe, expect, it } from 'vitest';
import { SCRIM_ABILITIES } from '../schemas/scrim-abilities.js';
import { canRunScrim, scrimAbilities, type AbilityScrim, type AbilityViewer } from './scrim-abilities.js';

const HOST = 'host-1';
const scrim: AbilityScrim = { hostedBy: HOST, region: 'NA', lobbyHostId: 'captain-1' };
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
    expect(granted(viewer({ id: HOST, hostRegions: ['EUW'] }))).toEqual([]);
    // Another host of the region runs nothing of this one.
    expect(granted(viewer({ id: 'host-2', hostRegions: ['NA'] }))).toEqual([]);
  });

  it('gives the lobby captain the winner and the image, a player nothing', () => {
    expect(granted(viewer({ id: 'captain-1' }))).toEqual(['addImage', 'setWinner']);
    expect(granted(viewer())).toEqual([]);
    expect(granted(viewer({ id: '' }), { ...scrim, lobbyHostId: null })).toEqual([]);
  });

  it('a scrim without a host is run by admins only', () => {
    expect(canRunScrim(viewer({ id: HOST, hostRegions: ['NA'] }), { hostedBy: null, region: 'NA' })).toBe(false);
  });
});
