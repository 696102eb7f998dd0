import { describe, expect, it } from 'vitest';
import { mvpScore, pickMvp, type MvpPlayer } from './mvp.js';

const player = (puuid: string, overrides: Partial<MvpPlayer> = {}): MvpPlayer => ({
  puuid,
  kills: 0,
  deaths: 0,
  assists: 0,
  damage: 0,
  vision: 0,
  ...overrides,
});

/** 30 minutes. */
const DURATION = 1800;

describe('mvpScore', () => {
  it('adds KDA, 10 × kill participation, 5 × damage share and vision per minute', () => {
    const carry = player('a', { kills: 8, deaths: 2, assists: 4, damage: 30_000, vision: 30 });
    const support = player('b', { kills: 2, deaths: 4, assists: 10, damage: 10_000, vision: 60 });
    const team = [carry, support];
    // KDA 12/2 = 6; KP 12/10 capped at 1 → 10; damage 30k/40k → 3.75; vision 30/30 min → 1.
    expect(mvpScore(carry, team, DURATION)).toBe(20.75);
    // KDA 12/4 = 3; KP 1 → 10; damage 10k/40k → 1.25; vision 60/30 → 2.
    expect(mvpScore(support, team, DURATION)).toBe(16.25);
  });

  it('counts deaths as at least one and survives a team with no kills and no damage', () => {
    const p = player('a', { kills: 0, deaths: 0, assists: 0, vision: 0 });
    expect(mvpScore(p, [p], DURATION)).toBe(0);
    const flawless = player('b', { kills: 3, assists: 1 });
    expect(mvpScore(flawless, [flawless], 30)).toBe(4 + 10);
  });
});

describe('pickMvp', () => {
  const red = [
    player('r1', { kills: 20, deaths: 0, assists: 0, damage: 90_000, vision: 10 }),
    player('r2', { kills: 0, deaths: 5, assists: 0, damage: 1_000 }),
  ];

  it('picks from the winning team only, even when a loser scored higher', () => {
    const blue = [
      player('b1', { kills: 2, deaths: 3, assists: 5, damage: 12_000, vision: 20 }),
      player('b2', { kills: 5, deaths: 1, assists: 2, damage: 20_000, vision: 15 }),
    ];
    const mvp = pickMvp({
      durationSeconds: DURATION,
      teams: [
        { side: 'blue', win: true, participants: blue },
        { side: 'red', win: false, participants: red },
      ],
    });
    expect(mvp?.player.puuid).toBe('b2');
    expect(mvp?.side).toBe('blue');
    expect(mvp?.score).toBe(mvpScore(blue[1]!, blue, DURATION));
  });

  it('breaks a tie by damage, then kills, then fewer deaths, then the smaller PUUID', () => {
    const pick = (participants: MvpPlayer[]) =>
      pickMvp({ durationSeconds: DURATION, teams: [{ side: 'red', win: true, participants }] })?.player.puuid;
    // Same score (mirror images): the same figures in any order give the same MVP.
    const twinA = player('zz', { kills: 3, deaths: 1, assists: 3, damage: 10_000, vision: 10 });
    const twinB = player('aa', { kills: 3, deaths: 1, assists: 3, damage: 10_000, vision: 10 });
    expect(pick([twinA, twinB])).toBe('aa');
    expect(pick([twinB, twinA])).toBe('aa');
    // Equal scores (damage share traded for vision), more damage wins, though its PUUID is the larger.
    const hitter = player('z-damage', { kills: 1, deaths: 1, damage: 6_000 });
    const warder = player('a-vision', { kills: 1, deaths: 1, damage: 4_000, vision: 30 });
    expect(mvpScore(hitter, [hitter, warder], DURATION)).toBe(mvpScore(warder, [hitter, warder], DURATION));
    expect(pick([warder, hitter])).toBe('z-damage');
    // Damage equal too: more kills (same kills + assists, so the same KDA and kill participation).
    const killer = player('z-kills', { kills: 4, assists: 0, deaths: 2, damage: 500 });
    const helper = player('a-assists', { kills: 0, assists: 4, deaths: 2, damage: 500 });
    expect(pick([helper, killer])).toBe('z-kills');
    // Kills equal too: fewer deaths (the KDA lost to a death made up by vision).
    const careful = player('z-alive', { kills: 2, assists: 2, deaths: 1, damage: 500 });
    const reckless = player('a-dead', { kills: 2, assists: 2, deaths: 2, damage: 500, vision: 60 });
    expect(mvpScore(careful, [careful, reckless], DURATION)).toBe(mvpScore(reckless, [careful, reckless], DURATION));
    expect(pick([reckless, careful])).toBe('z-alive');
  });

  it('gives no MVP when no team won', () => {
    expect(
      pickMvp({
        durationSeconds: 200,
        teams: [
          { side: 'blue', win: false, participants: red },
          { side: 'red', win: false, participants: red },
        ],
      }),
    ).toBeNull();
  });
});
