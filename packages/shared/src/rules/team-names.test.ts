import { describe, expect, it } from 'vitest';
import { TEAMS } from '../constants.js';
import { teamDisplayName, teamOfSide } from './team-names.js';

describe('teamDisplayName', () => {
  it("names the teams in the spec's words", () => {
    expect(teamDisplayName('teamOne')).toBe('Team One (Blue Side)');
    expect(teamDisplayName('teamTwo')).toBe('Team Two (Red Side)');
  });

  it('gives the two teams two names, each with its side', () => {
    const names = TEAMS.map(teamDisplayName);
    expect(new Set(names).size).toBe(2);
    expect(names.every((name) => /^Team (One|Two) \((Blue|Red) Side\)$/.test(name))).toBe(true);
  });
});

describe('teamOfSide', () => {
  it('puts teamOne on the blue side and teamTwo on the red side', () => {
    expect(teamOfSide('blue')).toBe('teamOne');
    expect(teamOfSide('red')).toBe('teamTwo');
    expect(teamDisplayName(teamOfSide('red'))).toBe('Team Two (Red Side)');
  });
});
