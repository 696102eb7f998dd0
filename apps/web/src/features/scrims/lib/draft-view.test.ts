import { describe, expect, it } from 'vitest';
import { DRAFT_ORDER } from '@scrim-gym/shared';
import { makeDraft } from '../test/draft-factory';
import { banSlots, championBlocks, currentSlot, pickSlots, secondsLeft } from './draft-view';

const SCRIM = 'scrim-1';

describe('the draft view', () => {
  it('names the slot each of the 20 turns fills, in the tournament order', () => {
    const counts = { blue: { ban: 0, pick: 0 }, red: { ban: 0, pick: 0 } };
    const filled = {
      blue: { bans: [] as string[], picks: [] as { champion: string }[] },
      red: { bans: [] as string[], picks: [] as { champion: string }[] },
    };
    DRAFT_ORDER.forEach(({ side, action }, index) => {
      const draft = makeDraft(SCRIM, {
        status: 'running',
        turn: { index, side, action, endsAt: new Date().toISOString() },
        blue: { bans: [...filled.blue.bans], picks: [...filled.blue.picks] },
        red: { bans: [...filled.red.bans], picks: [...filled.red.picks] },
      });
      expect(currentSlot(draft)).toEqual({ side, action, slot: counts[side][action] });
      counts[side][action] += 1;
      if (action === 'ban') filled[side].bans.push(`Ban${index}`);
      else filled[side].picks.push({ champion: `Pick${index}` });
    });
    expect(counts).toEqual({ blue: { ban: 5, pick: 5 }, red: { ban: 5, pick: 5 } });
  });

  it('has no slot to fill before the start or after the end', () => {
    expect(currentSlot(makeDraft(SCRIM))).toBeNull();
    expect(currentSlot(makeDraft(SCRIM, { status: 'done' }))).toBeNull();
  });

  it('lays out five bans ("no ban" for a timed-out one) and five picks a side', () => {
    const draft = makeDraft(SCRIM, { blue: { bans: ['Zed', null], picks: [{ champion: 'Ahri', role: 'Mid' }] } });
    expect(banSlots(draft, 'blue')).toEqual([
      { kind: 'champion', champion: 'Zed' },
      { kind: 'noBan' },
      { kind: 'empty' },
      { kind: 'empty' },
      { kind: 'empty' },
    ]);
    expect(pickSlots(draft, 'blue')[0]).toEqual({ kind: 'champion', champion: 'Ahri', role: 'Mid' });
    expect(pickSlots(draft, 'red')).toHaveLength(5);
  });

  it('blocks banned, picked and fearless-unavailable champions, and only those', () => {
    const blocks = championBlocks(
      makeDraft(SCRIM, {
        blue: { bans: ['Zed', null], picks: [{ champion: 'Ahri' }] },
        red: { bans: ['Jinx'], picks: [] },
        unavailable: ['Syndra'],
      }),
    );
    expect(Object.fromEntries(blocks)).toEqual({
      Syndra: 'unavailable',
      Zed: 'banned',
      Jinx: 'banned',
      Ahri: 'picked',
    });
  });

  it("counts whole seconds left from the server's end, never below zero", () => {
    const now = Date.parse('2030-01-01T12:00:00.000Z');
    expect(secondsLeft('2030-01-01T12:00:30.000Z', now)).toBe(30);
    expect(secondsLeft('2030-01-01T12:00:29.200Z', now)).toBe(30);
    expect(secondsLeft('2030-01-01T12:00:00.000Z', now)).toBe(0);
    expect(secondsLeft('2030-01-01T11:59:50.000Z', now)).toBe(0);
  });
});
