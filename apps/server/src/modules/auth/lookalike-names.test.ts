import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Region, type RegisterBody } from '@scrim-gym/shared';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createAdmin, createIdentitySession, createUser, registerBody, unique } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';

/**
 * Names can't impersonate: a summoner name (per region) or a discord that looks like a taken one is taken
 * (Unicode confusables, NFKC forms, case), and invisible characters are refused, on every path that writes
 * them: sign-up, settings and the admin's edit.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

const ORIGINAL_NAME = 'Faker Fan';
/** Each looks like 'Faker Fan' on screen. */
const NAME_LOOKALIKES: [label: string, name: string][] = [
  ['a Cyrillic а', 'F\u0430ker Fan'],
  ['fullwidth letters', 'Ｆａｋｅｒ Ｆａｎ'],
  ['math-bold letters', '𝐅𝐚𝐤𝐞𝐫 𝐅𝐚𝐧'],
  ['a Greek capital alpha and other case', 'FΑKER FAN'],
  ['a Cyrillic capital К and е', 'FaКеr Fan'],
  ['digits for letters', 'Fak3r F4n'],
  ['accents', 'Fáker Fàn'],
  ['the space removed', 'FakerFan'],
];
/** Names holding characters that draw nothing or reorder the text. */
const INVISIBLE_NAMES: [label: string, name: string][] = [
  ['a zero-width space', 'Faker\u200bFan'],
  ['a zero-width joiner', 'Faker\u200d Fan'],
  ['a right-to-left override', 'Faker \u202eFan'],
  ['a first-strong isolate', 'Faker \u2068Fan\u2069'],
  ['a Hangul filler (a blank letter)', 'Faker\u3164Fan'],
  ['Hangul fillers only', '\u3164\u3164'],
  ['a variation selector', 'Faker Fan\ufe0f'],
  ['a soft hyphen', 'Fa\u00adker Fan'],
];

const ORIGINAL_DISCORD = 'faker_fan#1001';
const DISCORD_LOOKALIKES: [label: string, discord: string][] = [
  ['a Cyrillic а', 'f\u0430ker_fan#1001'],
  ['fullwidth characters', 'ｆａｋｅｒ＿ｆａｎ＃１００１'],
  ['math-bold letters', '𝐟𝐚𝐤𝐞𝐫_𝐟𝐚𝐧#1001'],
  ['an l for the 1s and other case', 'Faker_Fan #l00l'],
];
const INVISIBLE_DISCORDS: [label: string, discord: string][] = [
  ['a zero-width space', 'faker\u200b_fan#1001'],
  ['a word joiner', 'faker_fan\u2060#1001'],
  ['a left-to-right isolate', 'faker_fan\u2066#1001\u2069'],
  ['a byte order mark inside', 'faker\ufeff_fan#1001'],
  ['a control character', 'faker\u0007_fan#1001'],
  ['a line separator', 'faker\u2028fan#1001'],
  ['a private-use character', 'faker_fan\ue000#1001'],
];

const profile = (overrides: Partial<RegisterBody> = {}) => registerBody('Look', overrides);

async function register(body: RegisterBody) {
  const { token } = await createIdentitySession({ db: db() });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: bearer(token),
    payload: body,
  });
  return { res, token };
}
const updateSelf = (token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/auth/update-user', headers: bearer(token), payload });

const accountsNamed = async (name: string) => db().select().from(users).where(eq(users.name, name));
const accountsWithDiscord = async (discord: string) => db().select().from(users).where(eq(users.discord, discord));

describe('POST /api/auth/register', () => {
  // Region NA: 'Faker Fan' and 'faker_fan#1001' exist.
  beforeAll(async () => {
    await createUser({ db: db(), name: ORIGINAL_NAME, region: 'NA', discord: ORIGINAL_DISCORD });
  });

  for (const [label, name] of NAME_LOOKALIKES) {
    it(`409 for a summoner name with ${label} ('${name}') when '${ORIGINAL_NAME}' exists, nothing written`, async () => {
      const { res } = await register(profile({ name }));
      expectError(res, 409, 'NAME_TAKEN', MESSAGES.nameTaken(name, 'NA'));
      expect(await accountsNamed(name)).toHaveLength(0);
    });
  }

  it('lets a look-alike of a name in another region through', async () => {
    const { res } = await register(profile({ name: 'F\u0430ker Fan', region: 'EUNE' }));
    expect(res.statusCode, res.body).toBe(200);
  });

  for (const [label, discord] of DISCORD_LOOKALIKES) {
    it(`409 for a discord with ${label} ('${discord}') when '${ORIGINAL_DISCORD}' exists, nothing written`, async () => {
      const { res } = await register(profile({ discord, region: 'OCE' }));
      expectError(res, 409, 'DISCORD_TAKEN', MESSAGES.discordTaken(discord));
      expect(await accountsWithDiscord(discord)).toHaveLength(0);
    });
  }

  for (const [label, name] of INVISIBLE_NAMES) {
    it(`400 for a summoner name with ${label}, nothing written`, async () => {
      const { res } = await register(profile({ name, region: 'LAN' }));
      expectError(res, 400, 'VALIDATION', 'Summoner Name cannot contain invisible or control characters');
      expect(await accountsNamed(name)).toHaveLength(0);
    });
  }

  for (const [label, discord] of INVISIBLE_DISCORDS) {
    it(`400 for a discord with ${label}, nothing written`, async () => {
      const { res } = await register(profile({ discord }));
      expectError(res, 400, 'VALIDATION', 'Discord cannot contain invisible or control characters');
      expect(await accountsWithDiscord(discord)).toHaveLength(0);
    });
  }

  it('accepts names and discords of other scripts, with diacritics, as typed', async () => {
    const accepted: [name: string, discord: string][] = [
      ['페이커', '페이커#0001'],
      ['Nguyễn Văn Anh', 'nguyễn_văn_anh'],
      ['Nguyen Van Binh', 'nguyen_van_binh'],
      ['ゆうき', 'ゆうき#7777'],
      ['Łukasz Żółw', 'łukasz.żółw'],
      ['Ωmega Δelta', 'ωmega#42'],
    ];
    for (const [name, discord] of accepted) {
      const { res, token } = await register(profile({ name, discord, region: 'EUNE' }));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const me = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', headers: bearer(token) });
      expect(me.json().user).toMatchObject({ name, discord });
    }
  });

  it('counts characters, not UTF-16 units: a 16-letter math-bold name fits, 17 do not', async () => {
    const bold = (n: number) => '𝐳'.repeat(n);
    expect((await register(profile({ name: bold(16), region: 'LAN' }))).res.statusCode).toBe(200);
    expectError(
      (await register(profile({ name: bold(17), region: 'LAN' }))).res,
      400,
      'VALIDATION',
      'Summoner Name can be at most 16 characters',
    );
  });
});

describe('PUT /api/auth/update-user', () => {
  // Region EUW: 'Faker Fan'; the discord is this block's own.
  const discord = 'faker_fan#2002';
  beforeAll(async () => {
    await createUser({ db: db(), name: ORIGINAL_NAME, region: 'EUW', discord });
  });

  for (const [label, name] of NAME_LOOKALIKES) {
    it(`409 for a summoner name with ${label}, nothing written`, async () => {
      const user = await createUser({ db: db(), region: 'EUW' });
      expectError(await updateSelf(user.token, { name }), 409, 'NAME_TAKEN', MESSAGES.nameTaken(name, 'EUW'));
      expect((await accountsNamed(user.name))[0]).toMatchObject({ id: user.id, nameSkeleton: user.nameSkeleton });
    });
  }

  it('409 for a move into the region of a look-alike name', async () => {
    const name = 'Ｆaker Ｆan';
    const user = await createUser({ db: db(), name, region: 'OCE' });
    expectError(await updateSelf(user.token, { region: 'EUW' }), 409, 'NAME_TAKEN', MESSAGES.nameTaken(name, 'EUW'));
    expect((await accountsNamed(name))[0]).toMatchObject({ id: user.id, region: 'OCE' });
  });

  const discordLookalikes: [label: string, discord: string][] = [
    ['a Cyrillic а', 'f\u0430ker_fan#2002'],
    ['fullwidth characters', 'ｆａｋｅｒ＿ｆａｎ＃２００２'],
    ['math-bold letters', '𝐟𝐚𝐤𝐞𝐫_𝐟𝐚𝐧#2002'],
  ];
  for (const [label, lookalike] of discordLookalikes) {
    it(`409 for a discord with ${label}, nothing written`, async () => {
      const user = await createUser({ db: db(), region: 'EUW' });
      const res = await updateSelf(user.token, { discord: lookalike });
      expectError(res, 409, 'DISCORD_TAKEN', MESSAGES.discordTaken(lookalike));
      expect((await accountsWithDiscord(user.discord))[0]?.id).toBe(user.id);
    });
  }

  it('400 for invisible characters in a name or a discord, nothing written', async () => {
    const user = await createUser({ db: db(), region: 'EUW' });
    for (const [, name] of INVISIBLE_NAMES) {
      const res = await updateSelf(user.token, { name });
      expectError(res, 400, 'VALIDATION', 'Summoner Name cannot contain invisible or control characters');
    }
    for (const [, discord] of INVISIBLE_DISCORDS) {
      const res = await updateSelf(user.token, { discord });
      expectError(res, 400, 'VALIDATION', 'Discord cannot contain invisible or control characters');
    }
    expect((await accountsNamed(user.name))[0]).toMatchObject({ id: user.id, discord: user.discord });
  });

  it('a rename writes the new look-alike key, and frees the old one', async () => {
    const user = await createUser({ db: db(), region: 'EUW' });
    const res = await updateSelf(user.token, { name: 'Ｒｅｎａｍｅｄ Ｏｎｅ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.name).toBe('Ｒｅｎａｍｅｄ Ｏｎｅ');
    expectError(await register(profile({ name: 'Renamed One', region: 'EUW' })).then((r) => r.res), 409, 'NAME_TAKEN');
    // The old name is free again, look-alikes included.
    const { res: again } = await register(profile({ name: user.name.toUpperCase(), region: 'EUW' }));
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a user may change the case or the form of their own name', async () => {
    const user = await createUser({ db: db(), name: 'Own Name', region: 'EUW' });
    for (const name of ['OWN NAME', 'Ｏｗｎ Ｎａｍｅ', 'Own Name']) {
      expect((await updateSelf(user.token, { name })).statusCode).toBe(200);
    }
  });
});

describe('POST /api/admin/updateUser/:id', () => {
  // Region LAN: 'Faker Fan'.
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    admin = await createAdmin({ db: db() });
    await createUser({ db: db(), name: ORIGINAL_NAME, region: 'LAN' });
  });
  const adminUpdate = (id: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/updateUser/${id}`, headers: bearer(admin.token), payload });

  for (const [label, name] of NAME_LOOKALIKES) {
    it(`409 for a summoner name with ${label}, nothing written`, async () => {
      const target = await createUser({ db: db(), region: 'LAN' });
      expectError(await adminUpdate(target.id, { name }), 409, 'NAME_TAKEN', MESSAGES.nameTaken(name, 'LAN'));
      expect((await accountsNamed(target.name))[0]?.id).toBe(target.id);
    });
  }

  it('400 for invisible characters in a name, nothing written', async () => {
    const target = await createUser({ db: db(), region: 'LAN' });
    for (const [, name] of INVISIBLE_NAMES) {
      const res = await adminUpdate(target.id, { name });
      expectError(res, 400, 'VALIDATION', 'Summoner Name cannot contain invisible or control characters');
    }
    expect((await accountsNamed(target.name))[0]?.id).toBe(target.id);
  });
});

describe('two sign-ups at once with look-alike names', () => {
  const regions: Region[] = ['NA', 'EUW', 'EUNE', 'LAN', 'OCE'];

  it('exactly one gets each name (the database decides)', async () => {
    for (const region of regions) {
      const id = unique();
      const [a, b] = await Promise.all([
        register(profile({ name: `Race ${id}`, region })),
        register(profile({ name: `R\u0430ce ${id}`, region })),
      ]);
      const statuses = [a.res.statusCode, b.res.statusCode].sort();
      expect(statuses, `${a.res.body} ${b.res.body}`).toEqual([200, 409]);
      expect([a, b].find((r) => r.res.statusCode === 409)!.res.json().code).toBe('NAME_TAKEN');
    }
  });

  it('exactly one gets each discord', async () => {
    for (let round = 0; round < 5; round++) {
      const id = unique();
      const [a, b] = await Promise.all([
        register(profile({ discord: `race_${id}#1001` })),
        register(profile({ discord: `ｒａｃｅ＿${id}＃１００１` })),
      ]);
      const statuses = [a.res.statusCode, b.res.statusCode].sort();
      expect(statuses, `${a.res.body} ${b.res.body}`).toEqual([200, 409]);
      expect([a, b].find((r) => r.res.statusCode === 409)!.res.json().code).toBe('DISCORD_TAKEN');
    }
  });
});
