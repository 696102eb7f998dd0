import type { z } from 'zod';
import { RiotError, kindForStatus } from './errors.js';
import { RiotRateLimiter, type RiotBudgets } from './rate-limiter.js';
import { riotOrigin, type PlatformHost, type RegionalHost } from './routing.js';

/** Riot's advice when a 429 carries no Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 5000;

type Host = PlatformHost | RegionalHost;

export interface RequestSpec {
  call: string;
  /** A Riot Sign On access token: sent as `Authorization: Bearer` instead of the API key. */
  bearer?: string;
  host: Host;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

/** One Riot API call, paced and retried; its answer validated by `schema` (none: the body is ignored). */
export type RiotRequest = <T>(spec: RequestSpec, schema: z.ZodType<T> | null) => Promise<T>;

/** The HTTP core's settings, defaults applied (`RiotClientOptions` documents each). */
export interface RiotTransportSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs: number;
  maxWaitMs: number;
  defaultAppLimits?: string;
  budgets?: RiotBudgets;
}

const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

/** A path segment, percent-encoded. */
export const enc = encodeURIComponent;

/** `Retry-After` in seconds (Riot) or an HTTP date; null when missing or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function isTimeout(error: unknown) {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

async function readRiotMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { status?: { message?: unknown } };
    return typeof body?.status?.message === 'string' ? body.status.message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

export async function drain(response: Response) {
  try {
    await response.arrayBuffer();
  } catch {
    // The answer is discarded anyway.
  }
}

/**
 * Requests to the Riot API: the key in `X-Riot-Token` (or a Sign On token as Bearer), pacing from Riot's rate
 * limit headers, retries of 429s, 5xx and network errors, and every failure as a `RiotError` without the key.
 */
export function createRiotRequest({
  apiKey,
  baseUrl,
  fetch: fetchImpl,
  sleep,
  now,
  timeoutMs,
  maxAttempts,
  backoffBaseMs,
  maxWaitMs,
  defaultAppLimits,
  budgets,
}: RiotTransportSettings): RiotRequest {
  const limiter = new RiotRateLimiter({ now, defaultAppLimits, budgets });

  return async function request<T>(spec: RequestSpec, schema: z.ZodType<T> | null): Promise<T> {
    const { call } = spec;
    if (!apiKey && !spec.bearer) throw new RiotError({ kind: 'not_configured', call });
    const url = new URL(`${riotOrigin(spec.host, baseUrl)}${spec.path}`);
    for (const [name, value] of Object.entries(spec.query ?? {})) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = spec.bearer
      ? { authorization: `Bearer ${spec.bearer}`, accept: 'application/json' }
      : { 'X-Riot-Token': apiKey!, accept: 'application/json' };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    // Behind an override origin the host no longer says which shard is meant: tell the fake or proxy.
    if (baseUrl) headers['X-Riot-Routing'] = spec.host;
    const appKey = RiotRateLimiter.appKey(spec.host);
    const methodKey = RiotRateLimiter.methodKey(spec.host, call);
    // A POST that reached Riot may have been applied; only a 429 (refused before any work) is safe to repeat.
    const idempotent = spec.method !== 'POST';

    for (let attempt = 1; ; attempt++) {
      await limiter.acquire([appKey, methodKey], {
        sleep,
        maxWaitMs,
        onTooLong: (waitMs) =>
          new RiotError({ kind: 'rate_limited', call, retryAfterMs: waitMs, message: 'rate limit window exhausted' }),
      });
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: spec.method,
          headers,
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (isTimeout(error)) throw new RiotError({ kind: 'timeout', call, cause: error });
        if (idempotent && attempt < maxAttempts) {
          await sleep(backoffBaseMs * 2 ** (attempt - 1));
          continue;
        }
        throw new RiotError({ kind: 'network', call, cause: error });
      }

      const at = now();
      limiter.observe(
        appKey,
        response.headers.get('x-app-rate-limit'),
        response.headers.get('x-app-rate-limit-count'),
        at,
      );
      limiter.observe(
        methodKey,
        response.headers.get('x-method-rate-limit'),
        response.headers.get('x-method-rate-limit-count'),
        at,
      );

      if (response.ok) {
        let text: string;
        try {
          text = await response.text();
        } catch (error) {
          throw new RiotError({ kind: isTimeout(error) ? 'timeout' : 'network', call, cause: error });
        }
        if (!schema) return undefined as T;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch (error) {
          throw new RiotError({ kind: 'bad_response', call, status: response.status, cause: error });
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          throw new RiotError({ kind: 'bad_response', call, status: response.status, cause: parsed.error });
        }
        return parsed.data;
      }

      if (response.status === 429) {
        const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), at) ?? DEFAULT_RETRY_AFTER_MS;
        const type = response.headers.get('x-rate-limit-type');
        await drain(response);
        // Application limits pause every call on this routing value; method and service limits this method.
        limiter.block(type === 'application' ? appKey : methodKey, at + retryAfterMs);
        if (attempt < maxAttempts && retryAfterMs <= maxWaitMs) continue;
        throw new RiotError({ kind: 'rate_limited', call, status: 429, retryAfterMs, message: type ?? undefined });
      }

      if (TRANSIENT_STATUSES.has(response.status) && idempotent && attempt < maxAttempts) {
        await drain(response);
        await sleep(backoffBaseMs * 2 ** (attempt - 1));
        continue;
      }

      const message = await readRiotMessage(response);
      throw new RiotError({ kind: kindForStatus(response.status), call, status: response.status, message });
    }
  };
}
