import { describe, expect, it } from 'vitest';
import { REGIONS, SPEC_REGIONS } from '@scrim-gym/shared';
import { REGION_ROUTES, RIOT_REGIONS, riotOrigin, routeForRegion } from './routing.js';

describe('Riot routing', () => {
  it.each([
    ['NA', 'na1', 'americas', 'americas', 'NA'],
    ['EUW', 'euw1', 'europe', 'europe', 'EUW'],
    ['EUNE', 'eun1', 'europe', 'europe', 'EUNE'],
    ['LAN', 'la1', 'americas', 'americas', 'LAN'],
    ['OCE', 'oc1', 'sea', 'americas', 'OCE'],
    ['KR', 'kr', 'asia', 'asia', null],
    ['JP', 'jp1', 'asia', 'asia', 'JP'],
    ['BR', 'br1', 'americas', 'americas', 'BR'],
    ['LAS', 'la2', 'americas', 'americas', 'LAS'],
    ['RU', 'ru', 'europe', 'europe', null],
    ['TR', 'tr1', 'europe', 'europe', 'TR'],
    ['ME', 'me1', 'europe', 'europe', null],
    ['SG', 'sg2', 'sea', 'asia', null],
    ['TH', 'sg2', 'sea', 'asia', null],
    ['PH', 'sg2', 'sea', 'asia', null],
    ['TW', 'tw2', 'sea', 'asia', null],
    ['VN', 'vn2', 'sea', 'asia', null],
  ] as const)(
    '%s → platform %s, regional %s, account %s, tournament %s',
    (region, platform, regional, account, tournament) => {
      expect(routeForRegion(region)).toEqual({ platform, regional, account, tournament });
    },
  );

  it('covers every region, and every region is a Riot platform', () => {
    expect(Object.keys(REGION_ROUTES).sort()).toEqual([...RIOT_REGIONS].sort());
    expect([...RIOT_REGIONS]).toEqual([...REGIONS]);
  });

  it("lists the spec's five first, then every other Riot platform", () => {
    expect(REGIONS.slice(0, 5)).toEqual(['NA', 'EUW', 'EUNE', 'LAN', 'OCE']);
    expect(REGIONS.slice(0, 5)).toEqual([...SPEC_REGIONS]);
    const platforms = new Set(REGIONS.map((region) => routeForRegion(region).platform));
    for (const platform of [
      'na1',
      'euw1',
      'eun1',
      'kr',
      'br1',
      'la1',
      'la2',
      'jp1',
      'tr1',
      'me1',
      'oc1',
      'ru',
      'sg2',
      'tw2',
      'vn2',
    ])
      expect(platforms).toContain(platform);
    expect(REGIONS).toEqual(
      expect.arrayContaining(['KR', 'BR', 'LAS', 'JP', 'TR', 'ME', 'RU', 'PH', 'SG', 'TH', 'TW', 'VN']),
    );
  });

  it('builds Riot hosts, or uses the override with its path prefix', () => {
    expect(riotOrigin('na1')).toBe('https://na1.api.riotgames.com');
    expect(riotOrigin('americas')).toBe('https://americas.api.riotgames.com');
    expect(riotOrigin('na1', 'http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000');
    expect(riotOrigin('europe', 'https://proxy.example/riot/')).toBe('https://proxy.example/riot');
  });
});
