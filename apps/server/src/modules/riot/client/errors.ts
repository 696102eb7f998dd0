/** Why a Riot call failed; callers branch on `kind`, not on messages. */
export type RiotErrorKind =
  /** No RIOT_API_KEY configured: nothing was sent. */
  | 'not_configured'
  /** The call does not exist in this mode (games/by-code on tournament-stub). Nothing was sent. */
  | 'unsupported'
  | 'bad_request'
  /** 401: no key reached Riot. */
  | 'unauthorized'
  /** 403: the key is wrong, expired (development keys expire daily) or lacks the product (tournament). */
  | 'forbidden'
  | 'not_found'
  /** 429 still after the bounded retries. */
  | 'rate_limited'
  /** 5xx still after the bounded retries. */
  | 'server'
  /** Connection refused, reset, DNS: no HTTP answer. */
  | 'network'
  /** No answer within the client's timeout. */
  | 'timeout'
  /** An answer whose body was not the JSON Riot documents. */
  | 'bad_response';

export function kindForStatus(status: number): RiotErrorKind {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server';
  return 'bad_request';
}

/**
 * A failed Riot call. The message names the method and the path template (never the key, never the full URL
 * with the player's name), so it is safe to log.
 */
export class RiotError extends Error {
  readonly kind: RiotErrorKind;
  /** Riot's HTTP status, or null when there was no answer (network, timeout, not configured). */
  readonly status: number | null;
  /** The call, e.g. 'summoner-v4.getByPuuid'. */
  readonly call: string;
  /** For rate limits: how long Riot asked to wait, in milliseconds. */
  readonly retryAfterMs: number | null;

  constructor(args: {
    kind: RiotErrorKind;
    call: string;
    status?: number | null;
    message?: string;
    retryAfterMs?: number | null;
    cause?: unknown;
  }) {
    const status = args.status ?? null;
    super(
      `Riot ${args.call} failed: ${args.kind}${status ? ` (${status})` : ''}${args.message ? `: ${args.message}` : ''}`,
      { cause: args.cause },
    );
    this.name = 'RiotError';
    this.kind = args.kind;
    this.status = status;
    this.call = args.call;
    this.retryAfterMs = args.retryAfterMs ?? null;
  }

  /** Whether trying again later may succeed (rate limits, Riot down, network); a 403 or 404 will not. */
  get isTransient(): boolean {
    return ['rate_limited', 'server', 'network', 'timeout'].includes(this.kind);
  }
}

export const isRiotError = (error: unknown): error is RiotError => error instanceof RiotError;
