import { describe, expect, it } from 'vitest';
import {
  championIconUrl,
  itemIconUrl,
  keystoneIconUrl,
  keystoneName,
  profileIconUrl,
  spellIconUrl,
  spellName,
  toDdragon,
} from './ddragon';

describe('Data Dragon URLs', () => {
  it("builds every URL from the server's baseUrl, without a doubled slash", () => {
    const dd = toDdragon({ version: '14.24.1', baseUrl: 'http://127.0.0.1:4010/' });
    expect(profileIconUrl(dd, 29)).toBe('http://127.0.0.1:4010/cdn/14.24.1/img/profileicon/29.png');
    expect(championIconUrl(dd, 'MonkeyKing')).toBe('http://127.0.0.1:4010/cdn/14.24.1/img/champion/MonkeyKing.png');
    expect(itemIconUrl(dd, 3031)).toBe('http://127.0.0.1:4010/cdn/14.24.1/img/item/3031.png');
    expect(spellIconUrl(dd, 14)).toBe('http://127.0.0.1:4010/cdn/14.24.1/img/spell/SummonerDot.png');
    expect(spellIconUrl(dd, 2202)).toBe('http://127.0.0.1:4010/cdn/14.24.1/img/spell/SummonerCherryFlash.png');
    expect(keystoneIconUrl(dd, 8008)).toBe(
      'http://127.0.0.1:4010/cdn/img/perk-images/Styles/Precision/LethalTempo/LethalTempoTemp.png',
    );
  });

  it('falls back to the public origin when the server names none', () => {
    const dd = toDdragon({ version: '14.24.1' });
    expect(profileIconUrl(dd, 1)).toBe('https://ddragon.leagueoflegends.com/cdn/14.24.1/img/profileicon/1.png');
    expect(toDdragon({ version: '1', baseUrl: '' }).base).toBe('https://ddragon.leagueoflegends.com');
  });

  it('has no URL for an empty item slot or an unknown spell or keystone, and names them in text', () => {
    const dd = toDdragon({ version: '14.24.1' });
    expect(itemIconUrl(dd, 0)).toBeNull();
    expect(spellIconUrl(dd, 999)).toBeNull();
    expect(keystoneIconUrl(dd, 1)).toBeNull();
    expect(spellName(4)).toBe('Flash');
    expect(spellName(999)).toBe('Spell 999');
    expect(keystoneName(8437)).toBe('Grasp of the Undying');
    expect(keystoneName(1)).toBe('Rune 1');
  });
});
