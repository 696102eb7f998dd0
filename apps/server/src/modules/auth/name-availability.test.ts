import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@scrim-gym/shared';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createUser, foldFreeLetters } from '../../test/factories.js';
import { NAME_CHECK_BURST } from './auth.routes.js';

/**
 * GET /api/auth/name-availability: sign-up's name field asks as the player types, signed out. It answers what
 * sign-up would (taken, a look-alike, not a valid name) and nothing about whose name it is, rate-limited per IP.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const db = () => ctx.database.db;

let ipCount = 0;
/** Each test asks from its own address, so the per-IP limit of one test does not reach another. */
const ask = (
  query: Record<string, string>,
  { headers = {}, ip }: { headers?: Record<string, string>; ip?: string } = {},
) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/auth/name-availability',
    query,
    headers,
    remoteAddress: ip ?? `10.9.0.${++ipCount}`,
  });

describe('GET /api/auth/name-availability', () => {
  /** Six random letters that no look-alike folding touches (test/factories.ts `foldFreeLetters`). */
  const tag = () => foldFreeLetters(6);

  it('answers a visitor (no session): a free name is available', async () => {
    const res = await ask({ name: `Free ${tag()}`, region: 'NA' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true });
  });

  it('taken: the same name in any case and spacing, with sign-up’s own message, and no account named', async () => {
    const holder = await createUser({ db: db(), name: `Faker ${tag()}` });
    const typed = holder.name.toUpperCase().replace(' ', '   ');
    const res = await ask({ name: typed, region: 'NA' });
    expect(res.json()).toEqual({
      available: false,
      reason: 'taken',
      message: MESSAGES.nameTaken(typed.replace(/\s+/g, ' '), 'NA'),
    });
    expect(res.body).not.toContain(holder.id);
  });

  it("a look-alike: digits for letters, accents and removed spaces ('Fák3r…' of 'Faker …')", async () => {
    const t = tag();
    await createUser({ db: db(), name: `Faker ${t}` });
    for (const name of [`Fak3r ${t}`, `Fáker ${t}`, `Faker${t}`]) {
      const res = await ask({ name, region: 'NA' });
      expect(res.json(), name).toEqual({
        available: false,
        reason: 'lookalike',
        message: MESSAGES.nameLookalike(name, 'NA'),
      });
    }
  });

  it('a name of another region, a deleted account’s, or the caller’s own is available', async () => {
    const holder = await createUser({ db: db(), name: `Mine ${tag()}` });
    expect((await ask({ name: holder.name, region: 'EUW' })).json()).toEqual({ available: true });
    expect((await ask({ name: holder.name, region: 'NA' }, { headers: bearer(holder.token) })).json()).toEqual({
      available: true,
    });
    const gone = await createUser({ db: db(), name: `Gone ${tag()}`, deletedAt: new Date() });
    expect((await ask({ name: gone.name, region: 'NA' })).json()).toEqual({ available: true });
  });

  it('invalid: a name sign-up refuses is answered with the field’s message (200, not available)', async () => {
    for (const [name, message] of [
      ['', 'Summoner Name is empty!'],
      ['Faker!', 'Summoner Name accepts only letters, digits and spaces'],
      ['x'.repeat(17), 'Summoner Name can be at most 16 characters'],
    ] as const) {
      expect((await ask({ name, region: 'NA' })).json(), name).toEqual({
        available: false,
        reason: 'invalid',
        message,
      });
    }
  });

  it('400 for bad input: no region, an unknown region, no name, a name far too long', async () => {
    for (const query of [
      { name: 'Faker' },
      { name: 'Faker', region: 'MOON' },
      { region: 'NA' },
      { name: 'x'.repeat(65), region: 'NA' },
    ] as Record<string, string>[]) {
      const res = await ask(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('429 with Retry-After past the burst from one address; another address is still answered', async () => {
    const ip = '10.9.1.1';
    const answers = await Promise.all(
      Array.from({ length: NAME_CHECK_BURST + 20 }, (_, i) => ask({ name: `Burst ${i}`, region: 'NA' }, { ip })),
    );
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0]!.json().code).toBe('RATE_LIMITED');
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await ask({ name: 'Burst more', region: 'NA' })).statusCode).toBe(200);
  });
});
