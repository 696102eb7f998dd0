import { describe, expect, it } from 'vitest';
import { discordSkeleton, lookalikeColumns, nameSkeleton, skeleton } from './lookalike.js';

describe('skeleton (Unicode TS #39)', () => {
  it("maps look-alike letters of other scripts to their prototype: 'Fаker' (Cyrillic а) is 'Faker'", () => {
    expect(skeleton('F\u0430ker')).toBe(skeleton('Faker'));
    expect(skeleton('\u0391\u0392\u0421')).toBe('ABC'); // Greek Α, Β and Cyrillic С
  });

  it('drops default-ignorable characters: a zero-width space or joiner changes nothing', () => {
    expect(skeleton('faker\u200b_fan')).toBe(skeleton('faker_fan'));
    expect(skeleton('fa\u200dker\u2060fan\u00ad')).toBe(skeleton('fakerfan'));
  });

  it('is idempotent', () => {
    for (const text of ['F\u0430ker Fan', '𝐅𝐚𝐤𝐞𝐫', 'rn m', '페이커'])
      expect(skeleton(skeleton(text))).toBe(skeleton(text));
  });
});

describe('nameSkeleton', () => {
  const faker = nameSkeleton('Faker Fan');

  it('is one key for every look-alike of a name: other scripts, fullwidth, math letters, case, spaces', () => {
    for (const name of [
      'F\u0430ker Fan',
      'Ｆａｋｅｒ Ｆａｎ',
      '𝐅𝐚𝐤𝐞𝐫 𝐅𝐚𝐧',
      '𝔽𝕒𝕜𝕖𝕣 𝔽𝕒𝕟',
      'FAKER FAN',
      'FΑKER FAN',
      '  Faker   Fan ',
    ]) {
      expect(nameSkeleton(name), name).toBe(faker);
    }
  });

  it("meets look-alikes across case: 'I' and 'l', 'O' and '0'", () => {
    expect(nameSkeleton('Ilya')).toBe(nameSkeleton('lLYA'));
    expect(nameSkeleton('G0D')).toBe(nameSkeleton('god'));
  });

  it("meets a name with its spaces or punctuation removed: 'FakerFan', 'Faker.Fan'", () => {
    expect(nameSkeleton('FakerFan')).toBe(faker);
    expect(nameSkeleton('Faker.Fan')).toBe(faker);
    expect(nameSkeleton('F a k e r   F a n')).toBe(faker);
  });

  it("meets a name with its accents: 'Fáker Fan', 'Nguyễn Văn Anh' and 'Nguyen Van Anh'", () => {
    expect(nameSkeleton('Fáker Fän')).toBe(faker);
    expect(nameSkeleton('Nguyễn Văn Anh')).toBe(nameSkeleton('Nguyen Van Anh'));
  });

  it("meets digits read as letters: 'Fak3r', 'F4ker', '5', '7', '8', and 1, i, I and l as one", () => {
    expect(nameSkeleton('Fak3r F4n')).toBe(faker);
    expect(nameSkeleton('5tar8ot')).toBe(nameSkeleton('Starbot'));
    expect(nameSkeleton('7op')).toBe(nameSkeleton('top'));
    for (const name of ['Faker1', 'Fakerl', 'FakerI', 'Fakeri']) expect(nameSkeleton(name), name).toBe('fakerl');
  });

  it('keeps names that read differently apart: other letters, digits that read as no letter, other scripts', () => {
    expect(nameSkeleton('Faker Fan')).not.toBe(nameSkeleton('Faker Fun'));
    expect(nameSkeleton('Faker 2')).not.toBe(nameSkeleton('Faker 9'));
    expect(nameSkeleton('페이커')).not.toBe(nameSkeleton('페이거'));
    expect(nameSkeleton('कमल')).not.toBe(nameSkeleton('कमला'));
  });
});

describe('discordSkeleton', () => {
  it("is one key for 'faker_fan#1001' and its look-alikes, spaces before '#' ignored", () => {
    const key = discordSkeleton('faker_fan#1001');
    for (const discord of [
      'f\u0430ker_fan#1001',
      'ｆａｋｅｒ＿ｆａｎ＃１００１',
      'Faker_Fan  #1001',
      'faker_fan#l00l',
    ]) {
      expect(discordSkeleton(discord), discord).toBe(key);
    }
    expect(discordSkeleton('faker_fan#1002')).not.toBe(key);
    expect(discordSkeleton('faker_fan# 1001')).not.toBe(key);
  });
});

describe('lookalikeColumns', () => {
  it('gives the key of each field present, and only those', () => {
    expect(lookalikeColumns({ name: 'A b' })).toEqual({ nameSkeleton: nameSkeleton('A b') });
    expect(lookalikeColumns({ discord: 'x#1' })).toEqual({ discordSkeleton: discordSkeleton('x#1') });
    expect(lookalikeColumns({})).toEqual({});
  });
});
