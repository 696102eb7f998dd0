import { randomBytes } from 'node:crypto';
import { SESSION_TTL_MS, type Region, type RegisterBody } from '@scrim-gym/shared';
import type { Database } from '../db/client.js';
import { authIdentities, bans, sessions, users } from '../db/schema/index.js';
import { lookalikeColumns } from '../lib/lookalike.js';
import { createToken, hashToken } from '../lib/tokens.js';

const FOLD_FREE_LETTERS = 'abcdefghjkpqtxyz';
/**
 * `length` random letters that no look-alike folding touches (no digits, no l/i/o/s, no 'rn' or 'vv'): names fold
 * digits into letters, so a digit-made part ('xxxxx' from an all-digit random part) made two tests' names clash.
 */
export const foldFreeLetters = (length: number) =>
  [...randomBytes(length)].map((byte) => FOLD_FREE_LETTERS[byte % FOLD_FREE_LETTERS.length]).join('');

let sequence = 0;
/**
 * A short unique suffix, so every test gets its own names, discords and emails: a per-file counter (unique within
 * the file's own database) and random bytes. The counter restarts with each file (test/per-file-setup.ts), so
 * names stay as short as a file alone makes them however many files a worker ran before (names have a
 * 16-character limit).
 */
export const unique = () => `${(++sequence).toString(36)}${randomBytes(3).toString('hex')}`;
export const restartUniqueSequence = () => {
  sequence = 0;
};

export type TestUser = typeof users.$inferSelect & { token: string };

/** A registered user with a dev identity and a live session; `token` works as cookie or Bearer. */
export async function createUser(
  { db, ...overrides }: { db: Database } & Partial<typeof users.$inferInsert> = {} as { db: Database },
): Promise<TestUser> {
  const id = unique();
  const email = overrides.email ?? `player-${id}@test.dev`;
  const values = {
    uid: `dev|${email}`,
    email,
    name: `Player ${id}`,
    summonerTagline: 'NA1',
    region: 'NA' as Region,
    rank: 'Gold 2',
    discord: `player_${id}`,
    ...overrides,
  };
  // As the repository does: an account always holds its name's and discord's look-alike keys.
  const [user] = await db
    .insert(users)
    .values({ ...values, ...lookalikeColumns(values) })
    .returning();
  await db.insert(authIdentities).values({ provider: 'dev', subject: email, userId: user!.id, email });
  const token = await createSession({ db, userId: user!.id, email });
  return { ...user!, token };
}

export const createAdmin = ({ db }: { db: Database }) => createUser({ db, isAdmin: true });

/** A verified identity without an account (signed in with a provider, not signed up yet). */
export async function createIdentitySession({
  db,
  email = `new-${unique()}@test.dev`,
}: {
  db: Database;
  email?: string;
}) {
  const token = createToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    identityProvider: 'dev',
    identitySubject: email,
    identityEmail: email,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { token, email };
}

export async function createSession({ db, userId, email }: { db: Database; userId: string; email: string }) {
  const token = createToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    identityProvider: 'dev',
    identitySubject: email,
    identityEmail: email,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

export async function createBannedUser({ db, reason = 'griefing' }: { db: Database; reason?: string }) {
  const user = await createUser({ db });
  const admin = await createAdmin({ db });
  await db.insert(bans).values({
    userId: user.id,
    bannedBy: admin.id,
    dateFrom: new Date(Date.now() - 60_000),
    dateTo: new Date(Date.now() + 24 * 60 * 60 * 1000),
    reason,
  });
  return user;
}

/** A valid sign-up body (POST /api/auth/register) with a name (`<prefix> <n>`) and Discord name of its own. */
export const registerBody = (prefix: string, overrides: Partial<RegisterBody> = {}): RegisterBody => ({
  name: `${prefix} ${unique()}`,
  summonerTagline: 'NA1',
  region: 'NA',
  discord: `${prefix.toLowerCase()}_${unique()}`,
  rank: 'Gold 2',
  canSendEmailsToUser: false,
  ...overrides,
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
