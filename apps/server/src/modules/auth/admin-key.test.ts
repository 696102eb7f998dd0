import { and, eq } from 'drizzle-orm';
import { MESSAGES, type Activity } from '@scrim-gym/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { installWriteJournal, type WriteJournal } from '../../test/write-journal.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { bearer, createAdmin, createUser, type TestUser } from '../../test/factories.js';
import { expectError } from '../../test/scrim-api.js';
import { AUDIT_ACTIONS } from '../audit/index.js';
import { ADMIN_KEY_ADDRESS_BURST, ADMIN_KEY_TRIES_PER_SECOND, ADMIN_KEY_USER_BURST } from './admin-key.js';

/**
 * The admin key in Settings cannot be guessed: tries are limited per user and per client address (a 429 with
 * Retry-After, even for the right key, until a token is back), and every wrong key leaves an audit row and
 * nothing else.
 */
const ADMIN_KEY = 'correct-horse-admin-key-42';
let ctx: TestContext;
let journal: WriteJournal;
const db = () => ctx.database.db;

beforeAll(async () => {
  // The limiter reads Date.now when the app is built: a fake clock (still ticking) lets a test skip the window.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  ctx = await createTestApp({ ADMIN_KEY });
  journal = await installWriteJournal(db());
});
afterAll(async () => {
  await ctx?.close();
  vi.useRealTimers();
});

let addressCount = 0;
/** A client address no other try of this file used. */
const freshAddress = () => `198.51.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

const tryKey = (user: TestUser, adminKey: string, remoteAddress: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/auth/update-user',
    headers: bearer(user.token),
    remoteAddress,
    payload: { adminKey, ...extra },
  });

const auditRowsOf = (user: TestUser) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, AUDIT_ACTIONS.adminKeyFailed)));

/** A wrong key: 403, and exactly one write, the audit row naming the user and the address. */
async function expectWrongKeyAudited(user: TestUser, remoteAddress: string) {
  const before = await auditRowsOf(user);
  const mark = await journal.mark();
  expectError(await tryKey(user, 'guess-admin-key-123', remoteAddress), 403, 'BAD_ADMIN_KEY', MESSAGES.badAdminKey);
  expect(await journal.since(mark)).toEqual([expect.objectContaining({ table: 'audit_log', op: 'INSERT' })]);
  const added = (await auditRowsOf(user)).filter((row) => !before.some((old) => old.id === row.id));
  expect(added).toEqual([
    expect.objectContaining({ targetUserId: user.id, targetScrimId: null, details: { ip: remoteAddress } }),
  ]);
}

/** 429 RATE_LIMITED with Retry-After, nothing written; returns the seconds to wait. */
async function expectLimited(user: TestUser, adminKey: string, remoteAddress: string) {
  const mark = await journal.mark();
  const res = await tryKey(user, adminKey, remoteAddress, { rank: 'Iron 1' });
  expectError(res, 429, 'RATE_LIMITED', MESSAGES.tooManyRequests);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(1 / ADMIN_KEY_TRIES_PER_SECOND));
  expect(await journal.since(mark)).toEqual([]);
  return retryAfter;
}

const isAdmin = async (user: TestUser) =>
  (await db().select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, user.id)))[0]!.isAdmin;

describe('admin key tries', () => {
  it('per user: after the burst of wrong keys, 429 from any address, even for the right key, until the window passes', async () => {
    const user = await createUser({ db: db() });
    for (let i = 0; i < ADMIN_KEY_USER_BURST; i++) await expectWrongKeyAudited(user, freshAddress());
    expect(await auditRowsOf(user)).toHaveLength(ADMIN_KEY_USER_BURST);

    const retryAfter = await expectLimited(user, ADMIN_KEY, freshAddress());
    await expectLimited(user, 'another-guess-12345', freshAddress());
    expect(await isAdmin(user)).toBe(false);
    expect(await auditRowsOf(user)).toHaveLength(ADMIN_KEY_USER_BURST);

    // The limit is on keys only: Settings without a key still save, and other users still try theirs.
    const save = await tryKey(user, '', freshAddress(), { rank: 'Iron 1' });
    expect(save.statusCode, save.body).toBe(200);
    await expectWrongKeyAudited(await createUser({ db: db() }), freshAddress());

    vi.setSystemTime(Date.now() + retryAfter * 1000);
    const granted = await tryKey(user, ADMIN_KEY, freshAddress());
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().user.isAdmin).toBe(true);
    expect(await auditRowsOf(user)).toHaveLength(ADMIN_KEY_USER_BURST);
  });

  it('per address: after the burst from one address, 429 for every user there, while they may try elsewhere', async () => {
    const address = freshAddress();
    let tries = 0;
    while (tries < ADMIN_KEY_ADDRESS_BURST) {
      // Each user stays under their own budget: only the address's runs out.
      const user = await createUser({ db: db() });
      for (let i = 0; i < ADMIN_KEY_USER_BURST - 1 && tries < ADMIN_KEY_ADDRESS_BURST; i++, tries++) {
        await expectWrongKeyAudited(user, address);
      }
    }
    const newcomer = await createUser({ db: db() });
    await expectLimited(newcomer, ADMIN_KEY, address);
    expect(await isAdmin(newcomer)).toBe(false);
    expect(await auditRowsOf(newcomer)).toHaveLength(0);

    await expectWrongKeyAudited(newcomer, freshAddress());
    const elsewhere = await tryKey(newcomer, ADMIN_KEY, freshAddress());
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().user.isAdmin).toBe(true);
  });

  it('shows each wrong key in Recent Activity as refused, naming the user', async () => {
    const user = await createUser({ db: db() });
    await expectWrongKeyAudited(user, freshAddress());
    const admin = await createAdmin({ db: db() });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/recent-activities',
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Activity[]>()).toContainEqual(
      expect.objectContaining({
        type: 'user',
        status: 'refused',
        description: `${user.name} entered a wrong admin key`,
        details: expect.objectContaining({ userId: user.id, userName: user.name, region: user.region }),
      }),
    );
  });
});
