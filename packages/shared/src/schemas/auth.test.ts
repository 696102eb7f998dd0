import { describe, expect, it } from 'vitest';
import {
  devLoginBodySchema,
  loginBodySchema,
  profileFieldsSchema,
  registerBodySchema,
  updateUserBodySchema,
} from './auth.js';

const profile = { name: 'Hide on bush', summonerTagline: 'KR1', region: 'NA', discord: 'faker', rank: 'Challenger' };

describe('profileFieldsSchema / registerBodySchema', () => {
  it('defaults the email consent to off', () => {
    expect(profileFieldsSchema.parse(profile).canSendEmailsToUser).toBe(false);
    expect(profileFieldsSchema.parse({ ...profile, canSendEmailsToUser: true }).canSendEmailsToUser).toBe(true);
  });

  it("gives '{field} is empty!' for every empty field of the form", () => {
    const result = registerBodySchema.safeParse({ name: '', summonerTagline: '', region: '', discord: '', rank: '' });
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      name: 'Summoner Name is empty!',
      summonerTagline: 'Tagline is empty!',
      region: 'Region is empty!',
      discord: 'Discord is empty!',
      rank: 'Rank is empty!',
    });
  });

  it("keeps the original client's uid and email for the server to check, and drops unknown fields", () => {
    const parsed = registerBodySchema.parse({ ...profile, uid: 'dev|a@b.dev', email: 'a@b.dev', isAdmin: true });
    expect(parsed).toMatchObject({ uid: 'dev|a@b.dev', email: 'a@b.dev' });
    expect(parsed).not.toHaveProperty('isAdmin');
  });
});

describe('updateUserBodySchema', () => {
  it('leaves out every field that is not sent (no default resets the email consent)', () => {
    expect(updateUserBodySchema.parse({})).toEqual({});
    expect(updateUserBodySchema.parse({ rank: 'Gold 1' })).toEqual({ rank: 'Gold 1' });
  });

  it('validates the fields it is sent with the sign-up messages', () => {
    const result = updateUserBodySchema.safeParse({ summonerTagline: '#EUW', name: '' });
    expect(result.error!.issues.map((i) => i.message).sort()).toEqual([
      'Summoner Name is empty!',
      'Tagline should not include # symbol',
    ]);
  });

  it('takes an admin key of up to 200 characters and the background fields', () => {
    expect(
      updateUserBodySchema.parse({
        adminKey: 'k'.repeat(200),
        profileBackgroundImg: 'Cat',
        profileBackgroundBlur: '4',
      }),
    ).toEqual({
      adminKey: 'k'.repeat(200),
      profileBackgroundImg: 'Cat',
      profileBackgroundBlur: '4',
    });
    expect(updateUserBodySchema.safeParse({ adminKey: 'k'.repeat(201) }).success).toBe(false);
    expect(updateUserBodySchema.safeParse({ profileBackgroundImg: 'Dog' }).success).toBe(false);
  });
});

describe('devLoginBodySchema', () => {
  it('lower-cases a valid email', () => {
    expect(devLoginBodySchema.parse({ email: 'Someone@Example.DEV' })).toEqual({ email: 'someone@example.dev' });
  });

  it.each(['', 'nope', 'a@', '@b.dev'])("refuses %j with 'Enter a valid email address'", (email) => {
    expect(devLoginBodySchema.safeParse({ email }).error!.issues[0]!.message).toBe('Enter a valid email address');
  });
});

describe('loginBodySchema', () => {
  it('accepts no body, null and the spec body', () => {
    expect(loginBodySchema.parse(undefined)).toEqual({});
    expect(loginBodySchema.parse(null)).toEqual({});
    expect(loginBodySchema.parse({ email: 'a@b.dev', uid: 'dev|a@b.dev' })).toEqual({
      email: 'a@b.dev',
      uid: 'dev|a@b.dev',
    });
  });

  it('refuses a body that is not an object', () => {
    expect(loginBodySchema.safeParse('text').success).toBe(false);
    expect(loginBodySchema.safeParse([1]).success).toBe(false);
  });
});
