import { describe, expect, it } from 'vitest';
import { DRAFT_ORDER } from '@scrim-gym/shared';
import {
  championRefusal,
  drafterOf,
  draftsFor,
  freeChampions,
  sideOfUser,
  timedOutChampion,
  type DraftSides,
} from './draft.js';

const catalogue = ['Ahri', 'Syndra', 'Zed', 'Jinx', 'Thresh'].map((id) => ({ id, name: id, tags: [] }));
const turns = [
  { champion: 'Zed', action: 'ban' as const },
  { champion: null, action: 'ban' as const },
  { champion: 'Ahri', action: 'pick' as const },
];

describe('the draft rules', () => {
  it('the tournament order: 20 turns, 10 bans and 10 picks, 5 of each per side', () => {
    expect(DRAFT_ORDER).toHaveLength(20);
    for (const side of ['blue', 'red'] as const) {
      for (const action of ['ban', 'pick'] as const) {
        expect(DRAFT_ORDER.filter((t) => t.side === side && t.action === action)).toHaveLength(5);
      }
    }
  });

  it('a champion is refused when banned, taken, or out in a fearless series; a skipped ban holds nothing', () => {
    expect(championRefusal('Zed', turns, [])?.code).toBe('CHAMPION_BANNED');
    expect(championRefusal('Ahri', turns, [])?.code).toBe('CHAMPION_TAKEN');
    expect(championRefusal('Jinx', turns, ['Jinx'])?.code).toBe('CHAMPION_UNAVAILABLE');
    expect(championRefusal('Syndra', turns, ['Jinx'])).toBeNull();
    expect(freeChampions(catalogue, turns, ['Jinx'])).toEqual(['Syndra', 'Thresh']);
  });

  it('a timed-out ban is no ban; a pick takes the hover, else a free champion drawn at random, else nothing', () => {
    expect(timedOutChampion({ action: 'ban', hover: 'Syndra', free: ['Syndra'] })).toBeNull();
    expect(timedOutChampion({ action: 'pick', hover: 'Syndra', free: ['Thresh'] })).toBe('Syndra');
    expect(timedOutChampion({ action: 'pick', hover: null, free: ['Syndra', 'Thresh'], random: () => 0.99 })).toBe(
      'Thresh',
    );
    expect(timedOutChampion({ action: 'pick', hover: null, free: ['Syndra', 'Thresh'], random: () => 0 })).toBe(
      'Syndra',
    );
    expect(timedOutChampion({ action: 'pick', hover: null, free: null })).toBeUndefined();
    expect(timedOutChampion({ action: 'pick', hover: null, free: [] })).toBeUndefined();
  });

  it("a series side's drafter is the one named, else its team's owner; its captains draft for it too", () => {
    const sides: DraftSides = {
      players: { blue: ['b1', 'b2'], red: ['r1'] },
      captains: { blue: ['owner', 'cap'], red: [] },
      defaultDrafters: { blue: 'owner', red: null },
    };
    expect(drafterOf('blue', null, sides)).toBe('owner');
    expect(drafterOf('blue', { drafterBlue: 'b2', drafterRed: null }, sides)).toBe('b2');
    expect(draftsFor('cap', 'blue', { drafterBlue: 'b2', drafterRed: null }, sides)).toBe(true);
    expect(draftsFor('b1', 'blue', { drafterBlue: 'b2', drafterRed: null }, sides)).toBe(false);
    expect(drafterOf('red', null, sides)).toBeNull();
    expect(sideOfUser('cap', sides)).toBe('blue');
    expect(sideOfUser('r1', sides)).toBe('red');
    expect(sideOfUser('someone', sides)).toBeNull();
  });
});
