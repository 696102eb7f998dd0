/**
 * Discord's "Execute Webhook" (POST the webhook URL, JSON body): one request, answered as an outcome the job
 * decides on. The URL carries the webhook's token: it is never logged nor put in an error message.
 */
import { DISCORD_MESSAGES } from '@scrim-gym/shared';

/** What a webhook post came to. */
export type WebhookOutcome =
  /** Posted (2xx; Discord answers 204 without `?wait=true`). */
  | { kind: 'posted' }
  /** 429: come back after `retryAfterMs` (the body's `retry_after` or the Retry-After header). */
  | { kind: 'rate-limited'; retryAfterMs: number }
  /** 401 or 404: the webhook was deleted (or its token changed); no retry can help. */
  | { kind: 'gone'; status: number }
  /** Another 4xx (or a redirect): Discord refused this message; retrying it would be refused again. */
  | { kind: 'refused'; status: number }
  /** 5xx, no answer in time, or the network: worth retrying later. */
  | { kind: 'failed'; reason: string };

/** An outcome in words an admin can act on, and whether Discord took the message: the webhook's last delivery. */
export function describeOutcome(outcome: WebhookOutcome): { ok: boolean; status: string } {
  switch (outcome.kind) {
    case 'posted':
      return { ok: true, status: DISCORD_MESSAGES.delivered };
    case 'rate-limited':
      return { ok: false, status: DISCORD_MESSAGES.rateLimited };
    case 'gone':
      return { ok: false, status: DISCORD_MESSAGES.gone(outcome.status) };
    case 'refused':
      return { ok: false, status: DISCORD_MESSAGES.refused(outcome.status) };
    case 'failed':
      return { ok: false, status: DISCORD_MESSAGES.unreachable(outcome.reason) };
  }
}

/** Without a usable retry_after, a 429 waits this long. */
const DEFAULT_RETRY_AFTER_MS = 5_000;
/** A retry_after beyond this is capped: the job's attempts bound the rest. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Seconds (a float in Discord's JSON body, an integer in the header) as milliseconds, or null. */
function seconds(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number * 1000 : null;
}

async function retryAfterOf(response: Response): Promise<number> {
  let fromBody: number | null = null;
  try {
    const body = (await response.json()) as { retry_after?: unknown } | null;
    fromBody = seconds(body?.retry_after);
  } catch {
    // Not JSON: the header decides.
  }
  const wait = fromBody ?? seconds(response.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS;
  return Math.min(MAX_RETRY_AFTER_MS, Math.ceil(wait));
}

/** Posts `payload` to the webhook, giving up after `timeoutMs` (or when `signal` aborts: the job lost its claim). */
export async function executeWebhook({
  url,
  payload,
  timeoutMs,
  signal,
}: {
  url: string;
  payload: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<WebhookOutcome> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'ScrimGym-Announcements/1.0' },
      body: JSON.stringify(payload),
      // A webhook URL answers itself; a redirect to elsewhere is not followed.
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    return { kind: 'failed', reason: timeout.aborted ? `no answer within ${timeoutMs} ms` : 'the request failed' };
  }
  const { status } = response;
  if (status === 429) return { kind: 'rate-limited', retryAfterMs: await retryAfterOf(response) };
  await response.body?.cancel().catch(() => {});
  if (status >= 200 && status < 300) return { kind: 'posted' };
  if (status === 401 || status === 404) return { kind: 'gone', status };
  if (status >= 500) return { kind: 'failed', reason: `Discord answered ${status}` };
  return { kind: 'refused', status };
}
