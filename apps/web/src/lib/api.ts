import type { ErrorBody } from '@scrim-gym/shared';

/** An API answer that was not 2xx, with the server's `{ error, code }` body when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody>,
  ) {
    super(body.error ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }
  get code() {
    return this.body.code;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A body sent as it is: a file or blob travels as its own bytes, with its own type; anything else as JSON. */
function encodeBody(body: unknown): { headers?: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return {};
  if (body instanceof Blob) return { headers: { 'content-type': body.type || 'application/octet-stream' }, body };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * The one way the app talks to `/api`. The session travels in the httpOnly cookie, so no token is ever kept
 * in browser storage.
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api${path}`, { method, credentials: 'same-origin', ...encodeBody(body) });
  if (response.status === 204) return undefined as T;
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data as Partial<ErrorBody>);
  return data as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** The spec's alert rule: a message field, else the text, else JSON, else 'An error occurred'. */
export function messageOf(error: unknown, fallback = 'An error occurred'): string {
  if (typeof error === 'string') return error || fallback;
  if (error && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    try {
      const json = JSON.stringify(error);
      if (json && json !== '{}') return json;
    } catch {
      /* circular: fall through */
    }
  }
  return fallback;
}
