import { describe, expect, it } from 'vitest';
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

  it('covers every playable and display region', () => {
    expect(Object.keys(REGION_ROUTES).sort()).toEqual([...RIOT_REGIONS].sort());
  });

  it('builds Riot hosts, or uses the override with its path prefix', () => {
    expect(riotOrigin('na1')).toBe('https://na1.api.riotgames.com');
    expect(riotOrigin('americas')).toBe('https://americas.api.riotgames.com');
    expect(riotOrigin('na1', 'http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000');
    expect(riotOrigin('europe', 'https://proxy.example/riot/')).toBe('https://proxy.example/riot');
  });
});
