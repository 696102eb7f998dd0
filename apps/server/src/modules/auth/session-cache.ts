import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ForgetSessionsTarget } from '@scrim-gym/shared';
import { withTimeout } from '../../lib/timeout.js';
import type { AppServer } from '../../plugins/io.js';
import type { SessionLookup } from './auth.repository.js';

/*
 * Sessions in memory, for a few seconds at most. Every request with a token used to look its session up (session,
 * user, ban in force: one query); now an instance answers from memory what it looked up less than
 * SESSION_CACHE_TTL_MS ago (5 s by default), and drops the entry AT ONCE, on every instance, whenever something
 * it holds changes: logout, a ban or unban (any ban change), the account's deletion, a profile or admin-flag
 * change, registration (an identity session becomes a user's). Expiry needs no message: an entry never outlives
 * its session's `expiresAt`. With Redis down the other instances are not told; the TTL bounds how long they may
 * answer from a stale entry (and a ban still deletes the session rows, so nothing outlives the TTL).
 */

/** What a lookup found for a token hash: the session with its user and latest started ban, or nothing. */
export type CachedSession = SessionLookup | null;

/** What to forget: one session (by the SHA-256 of its token), or every session of some users. */
/** The payload of the 'auth:forget-sessions' server-side event (InterServerEvents in packages/shared). */
export type ForgetTarget = ForgetSessionsTarget;

interface Entry {
  value: CachedSession;
  /** Epoch milliseconds after which the entry is not used (the TTL, or the session's own expiry if sooner). */
  until: number;
  userId: string | null;
}

export interface SessionCache {
  /** The session of a token hash: from memory when looked up less than the TTL ago, else from `load`. */
  get(tokenHash: string): Promise<CachedSession>;
  /** Drops entries now (this instance only; `SessionForgetter.forget` tells the others too). */
  forget(target: ForgetTarget): void;
  clear(): void;
  readonly size: number;
}

/**
 * A bounded map of token hash → lookup result, with:
 * - a TTL (`ttlMs`; 0 turns the cache off: every call loads), never past the session's `expiresAt`;
 * - negative results (unknown or expired token) cached too: a token hash never changes from unknown to known,
 *   since every session is created with a fresh random token (and registration, which turns an identity
 *   session into a user's, forgets it) — so a cached miss can never refuse a fresh sign-in;
 * - single flight: concurrent misses for one token hash share one query;
 * - an epoch: a lookup that was in flight when something was forgotten returns its answer to its own callers but
 *   is not stored (it may have read the rows before the change), and later callers start a new one;
 * - a bound (`maxEntries`): over it the oldest entries go first.
 */
export function createSessionCache({
  ttlMs,
  maxEntries = 50_000,
  load,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries?: number;
  load: (tokenHash: string) => Promise<CachedSession>;
  now?: () => number;
}): SessionCache {
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  const inFlight = new Map<string, Promise<CachedSession>>();
  let epoch = 0;

  function drop(tokenHash: string) {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    if (entry.userId) {
      const hashes = byUser.get(entry.userId);
      hashes?.delete(tokenHash);
      if (hashes?.size === 0) byUser.delete(entry.userId);
    }
  }

  function store(tokenHash: string, value: CachedSession) {
    const at = now();
    const until = Math.min(at + ttlMs, value ? value.session.expiresAt.getTime() : Infinity);
    if (until <= at) return;
    drop(tokenHash);
    while (entries.size >= maxEntries) drop(entries.keys().next().value!);
    const userId = value?.session.userId ?? null;
    entries.set(tokenHash, { value, until, userId });
    if (userId) {
      let hashes = byUser.get(userId);
      if (!hashes) byUser.set(userId, (hashes = new Set()));
      hashes.add(tokenHash);
    }
  }

  return {
    get(tokenHash) {
      if (ttlMs <= 0) return load(tokenHash);
      const entry = entries.get(tokenHash);
      if (entry) {
        if (entry.until > now()) return Promise.resolve(entry.value);
        drop(tokenHash);
      }
      const pending = inFlight.get(tokenHash);
      if (pending) return pending;
      const startedIn = epoch;
      const loading = load(tokenHash).then(
        (value) => {
          if (inFlight.get(tokenHash) === loading) inFlight.delete(tokenHash);
          if (startedIn === epoch) store(tokenHash, value);
          return value;
        },
        (error: unknown) => {
          if (inFlight.get(tokenHash) === loading) inFlight.delete(tokenHash);
          throw error;
        },
      );
      inFlight.set(tokenHash, loading);
      return loading;
    },
    forget(target) {
      epoch++;
      inFlight.clear();
      if ('tokenHash' in target) drop(target.tokenHash);
      else
        for (const userId of target.userIds) for (const tokenHash of [...(byUser.get(userId) ?? [])]) drop(tokenHash);
    },
    clear() {
      epoch++;
      inFlight.clear();
      entries.clear();
      byUser.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The server-side event that tells the other instances to forget sessions (Socket.IO over the Redis adapter). */
export const SESSIONS_FORGET_EVENT = 'auth:forget-sessions';
/** The longest a request waits for the other instances to confirm they forgot (Redis partitioned, say). */
export const FORGET_ACK_TIMEOUT_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets cached sessions on every instance: every action that ends or changes a session receives it. */
    sessionForgetter: SessionForgetter;
  }
}

/** What an action forgets: one session (by the SHA-256 of its token), or every session of one user or of some. */
type SessionsToForget = { tokenHash: string } | { userId: string } | { userIds: string[] };

const isForgetTarget = (value: unknown): value is ForgetTarget => {
  if (typeof value !== 'object' || value === null) return false;
  const target = value as Record<string, unknown>;
  if (typeof target.tokenHash === 'string') return true;
  return Array.isArray(target.userIds) && target.userIds.every((id) => typeof id === 'string');
};

/**
 * Forgets cached sessions on every instance: this instance's cache, and, when `clustered` (the Redis adapter is
 * attached), every other instance's, whose forgetter listens for SESSIONS_FORGET_EVENT, forgets and acknowledges.
 */
export class SessionForgetter {
  private readonly cache: SessionCache;
  private readonly io: AppServer;
  private readonly clustered: boolean;

  constructor({ cache, io, clustered }: { cache: SessionCache; io: AppServer; clustered: boolean }) {
    this.cache = cache;
    this.io = io;
    this.clustered = clustered;
    // Another instance's payload is checked before use: it may run another release during a rolling deploy.
    io.on(SESSIONS_FORGET_EVENT, (target: unknown, ack?: (done: boolean) => void) => {
      if (isForgetTarget(target)) cache.forget(target);
      if (typeof ack === 'function') ack(true);
    });
  }

  /**
   * Forgets cached sessions here and on every other instance, and resolves once the others acknowledged (or after
   * FORGET_ACK_TIMEOUT_MS): the request that ended or changed a session answers only after no instance can still
   * serve it from memory. Call it AFTER the change is committed (an earlier forget could be refilled from the old
   * rows). One method for every case: logout and registration (a token hash), bans, unbans, expiry lifts, account
   * deletion, profile, host-role and admin-flag changes, Riot account links (user ids).
   */
  async forget(sessions: SessionsToForget) {
    const target: ForgetTarget =
      'tokenHash' in sessions
        ? { tokenHash: sessions.tokenHash }
        : { userIds: 'userId' in sessions ? [sessions.userId] : sessions.userIds };
    if ('userIds' in target && target.userIds.length === 0) return;
    this.cache.forget(target);
    if (!this.clustered) return;
    // The adapter calls back at once while Redis is down (nobody to tell; the TTL bounds the others' staleness).
    const told = this.io.serverSideEmitWithAck(SESSIONS_FORGET_EVENT, target).catch(() => null);
    await withTimeout(told, FORGET_ACK_TIMEOUT_MS, null);
  }
}

/**
 * One forgetter per app, decorated on it, from this instance's session cache and Socket.IO server; registered
 * right after the Socket.IO plugin, before the jobs and routes that end or change sessions, which receive it in
 * their dependencies.
 */
export const sessionForgetterPlugin = fp(
  async (app: FastifyInstance) => {
    // The Socket.IO plugin attaches the Redis adapter exactly when there is Redis.
    const forgetter = new SessionForgetter({ cache: app.sessionCache, io: app.io, clustered: Boolean(app.redis) });
    app.decorate('sessionForgetter', forgetter);
  },
  { name: 'session-forgetter', decorators: { fastify: ['io', 'redis', 'sessionCache'] } },
);
