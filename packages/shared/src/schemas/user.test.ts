import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BACKGROUND_IMAGES, REGIONS } from '../constants.js';
import {
  backgroundBlurSchema,
  backgroundImageSchema,
  discordSchema,
  rankSchema,
  regionSchema,
  summonerNameSchema,
  taglineSchema,
} from './user.js';

/** The messages a schema gives for a value; [] when it passes. */
const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('summonerNameSchema', () => {
  it.each(['', '   ', undefined, null, 42])("says 'Summoner Name is empty!' for %j", (value) => {
    expect(messagesOf(summonerNameSchema, value)).toEqual(['Summoner Name is empty!']);
  });

  it('accepts letters, digits and spaces up to 16 characters, folding spaces', () => {
    expect(summonerNameSchema.parse('Hide on bush')).toBe('Hide on bush');
    expect(summonerNameSchema.parse('  Hide   on bush ')).toBe('Hide on bush');
    expect(summonerNameSchema.parse('A'.repeat(16))).toBe('A'.repeat(16));
    expect(summonerNameSchema.parse('Ñandú 한국')).toBe('Ñandú 한국');
  });

  it('refuses 17 characters and symbols', () => {
    expect(messagesOf(summonerNameSchema, 'A'.repeat(17))).toEqual(['Summoner Name can be at most 16 characters']);
    expect(messagesOf(summonerNameSchema, 'Bad!')).toEqual(['Summoner Name accepts only letters, digits and spaces']);
    expect(messagesOf(summonerNameSchema, 'Name#NA1')).toEqual([
      'Summoner Name accepts only letters, digits and spaces',
    ]);
  });
});

describe('taglineSchema', () => {
  it.each(['', '  ', undefined])("says 'Tagline is empty!' for %j", (value) => {
    expect(messagesOf(taglineSchema, value)).toEqual(['Tagline is empty!']);
  });

  it.each(['#NA1', 'NA#1', '#', 'AB#CDEFG'])("says only 'Tagline should not include # symbol' for %j", (value) => {
    expect(messagesOf(taglineSchema, value)).toEqual(['Tagline should not include # symbol']);
  });

  it('accepts up to 5 letters and digits, trimmed', () => {
    expect(taglineSchema.parse('NA1')).toBe('NA1');
    expect(taglineSchema.parse('ABCDE')).toBe('ABCDE');
    expect(taglineSchema.parse(' EUW ')).toBe('EUW');
  });

  it('refuses 6 characters, spaces and symbols', () => {
    expect(messagesOf(taglineSchema, 'ABCDEF')).toEqual(['Tagline can be at most 5 characters']);
    expect(messagesOf(taglineSchema, 'N A')).toEqual(['Tagline accepts only letters and digits']);
    expect(messagesOf(taglineSchema, 'N-A')).toEqual(['Tagline accepts only letters and digits']);
  });
});

describe('regionSchema', () => {
  it('accepts the five user regions', () => {
    for (const region of REGIONS) expect(regionSchema.parse(region)).toBe(region);
  });

  it.each(['', undefined, 'XX', 'na', 'EUW '])("refuses %j with 'Region is empty!'", (value) => {
    expect(messagesOf(regionSchema, value)).toEqual(['Region is empty!']);
  });
});

describe('discordSchema', () => {
  it("says 'Discord is empty!' for empty or blank text", () => {
    expect(messagesOf(discordSchema, '')).toEqual(['Discord is empty!']);
    expect(messagesOf(discordSchema, ' ')).toEqual(['Discord is empty!']);
  });

  it('accepts up to 37 characters, trimmed, any symbols', () => {
    expect(discordSchema.parse(' Foo #1234 ')).toBe('Foo #1234');
    expect(discordSchema.parse('d'.repeat(37))).toHaveLength(37);
    expect(messagesOf(discordSchema, 'd'.repeat(38))).toEqual(['Discord can be at most 37 characters']);
  });
});

describe('rankSchema', () => {
  it("says 'Rank is empty!' for empty text", () => {
    expect(messagesOf(rankSchema, '')).toEqual(['Rank is empty!']);
    expect(messagesOf(rankSchema, undefined)).toEqual(['Rank is empty!']);
  });

  it.each(['Gold 7', 'Master 1', 'Gold', 'gold 2'])('refuses %j', (rank) => {
    expect(messagesOf(rankSchema, rank)).toEqual(['Rank is not a valid rank']);
  });

  it('accepts produced ranks', () => {
    expect(rankSchema.parse('Gold 2')).toBe('Gold 2');
    expect(rankSchema.parse('Challenger')).toBe('Challenger');
  });
});

describe('background schemas', () => {
  it('accept exactly the six images and the five blur values', () => {
    for (const image of BACKGROUND_IMAGES) expect(backgroundImageSchema.parse(image)).toBe(image);
    for (const blur of ['4', '6', '10', '14', '20']) expect(backgroundBlurSchema.parse(blur)).toBe(blur);
  });

  it('refuse anything else', () => {
    for (const image of ['Dog', 'cat', '', 'Summoners Rift '])
      expect(backgroundImageSchema.safeParse(image).success).toBe(false);
    for (const blur of ['5', '0', '', 20, 'Max']) expect(backgroundBlurSchema.safeParse(blur).success).toBe(false);
  });
});
