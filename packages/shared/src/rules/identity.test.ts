import { describe, expect, it } from 'vitest';
import {
  SUMMONER_NAME_PATTERN,
  TAGLINE_PATTERN,
  hasInvisibleCharacters,
  normalizeDiscord,
  normalizeSummonerName,
  sanitizeSummonerNameInput,
  sanitizeTaglineInput,
} from './identity.js';

describe('sanitizeSummonerNameInput', () => {
  it('keeps letters, digits and spaces', () => {
    expect(sanitizeSummonerNameInput('Hide on bush 2')).toBe('Hide on bush 2');
  });

  it('keeps letters of any script', () => {
    expect(sanitizeSummonerNameInput('Ñandú Übermensch 한국 ')).toBe('Ñandú Übermensch 한국 ');
  });

  it('drops symbols, punctuation, emoji, # and other whitespace', () => {
    expect(sanitizeSummonerNameInput('Fa-ker!_#1 😀')).toBe('Faker1 ');
    expect(sanitizeSummonerNameInput('tab\there\nnewline')).toBe('tabherenewline');
  });

  it('gives empty text for symbols only', () => {
    expect(sanitizeSummonerNameInput('!@#$%^&*()')).toBe('');
  });
});

describe('sanitizeTaglineInput', () => {
  it('strips a typed #', () => {
    expect(sanitizeTaglineInput('#NA1')).toBe('NA1');
    expect(sanitizeTaglineInput('EU#W')).toBe('EUW');
  });

  it('strips spaces and symbols', () => {
    expect(sanitizeTaglineInput(' N-A 1 ')).toBe('NA1');
  });

  it('caps the length at 5 after stripping', () => {
    expect(sanitizeTaglineInput('ABCDE')).toBe('ABCDE');
    expect(sanitizeTaglineInput('ABCDEF')).toBe('ABCDE');
    expect(sanitizeTaglineInput('#A#B#C#D#E#F')).toBe('ABCDE');
  });

  it('takes another maximum', () => {
    expect(sanitizeTaglineInput('ABCDEF', 3)).toBe('ABC');
  });
});

describe('normalizeDiscord', () => {
  it("compares 'Foo #123' and 'foo#123' as the same name", () => {
    expect(normalizeDiscord('Foo #123')).toBe('foo#123');
    expect(normalizeDiscord('foo#123')).toBe('foo#123');
  });

  it('removes every run of spaces before # and trims, but keeps other spaces', () => {
    expect(normalizeDiscord('  Foo   #123  ')).toBe('foo#123');
    expect(normalizeDiscord('Foo\t#123')).toBe('foo#123');
    expect(normalizeDiscord('Foo Bar#1')).toBe('foo bar#1');
    expect(normalizeDiscord('foo# 123')).toBe('foo# 123');
  });

  it('lower-cases names without a discriminator', () => {
    expect(normalizeDiscord('Some_User')).toBe('some_user');
  });

  it('keeps different names different', () => {
    expect(normalizeDiscord('foo#123')).not.toBe(normalizeDiscord('foo#1234'));
    expect(normalizeDiscord('foo bar')).not.toBe(normalizeDiscord('foobar'));
  });
});

describe('normalizeSummonerName', () => {
  it('ignores case, surrounding spaces and runs of inner spaces', () => {
    expect(normalizeSummonerName('  Hide   On  Bush ')).toBe('hide on bush');
    expect(normalizeSummonerName('HIDE ON BUSH')).toBe(normalizeSummonerName('hide on bush'));
  });

  it('keeps single inner spaces significant', () => {
    expect(normalizeSummonerName('Hide on bush')).not.toBe(normalizeSummonerName('Hideonbush'));
  });
});

describe('patterns', () => {
  it('accept what the sanitizers keep and refuse the rest', () => {
    expect(SUMMONER_NAME_PATTERN.test('Hide on bush 2')).toBe(true);
    expect(SUMMONER_NAME_PATTERN.test('Bad!')).toBe(false);
    expect(SUMMONER_NAME_PATTERN.test('')).toBe(false);
    expect(TAGLINE_PATTERN.test('NA1')).toBe(true);
    expect(TAGLINE_PATTERN.test('N A')).toBe(false);
    expect(TAGLINE_PATTERN.test('#NA1')).toBe(false);
    for (const raw of ['Fa-ker!_#1 😀', '§§ Name ++']) {
      expect(SUMMONER_NAME_PATTERN.test(sanitizeSummonerNameInput(raw))).toBe(true);
    }
  });
});

describe('hasInvisibleCharacters', () => {
  it('finds zero-width, bidi, control, format and other characters that draw nothing', () => {
    for (const invisible of [
      '\u200b', // zero-width space
      '\u200c', // zero-width non-joiner
      '\u200d', // zero-width joiner
      '\u2060', // word joiner
      '\ufeff', // byte order mark
      '\u00ad', // soft hyphen
      '\u202a', // left-to-right embedding
      '\u202e', // right-to-left override
      '\u2066', // left-to-right isolate
      '\u2069', // pop directional isolate
      '\u0000',
      '\u0007',
      '\t',
      '\u0085', // next line
      '\u2028', // line separator
      '\u3164', // Hangul filler (a letter that draws nothing)
      '\ufe0f', // variation selector
      '\ue000', // private use
      '\ud800', // lone surrogate
    ]) {
      expect(hasInvisibleCharacters(`faker${invisible}fan`), JSON.stringify(invisible)).toBe(true);
    }
  });

  it('lets letters, digits, spaces and symbols of any script through', () => {
    for (const text of [
      'Faker Fan',
      '페이커',
      'Nguyễn Văn Anh',
      'ゆうき',
      '𝐅𝐚𝐤𝐞𝐫',
      'faker_fan#1001',
      'Ωmega.Δ',
      'a b',
    ]) {
      expect(hasInvisibleCharacters(text), text).toBe(false);
    }
  });
});
