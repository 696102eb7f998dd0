import { PUSH_TEXTS } from '@scrim-gym/shared';
import { ApiError } from '../../../lib/api';

/**
 * Why "Turn on" failed, in words a player can act on. The browser's own errors (a DOMException from
 * `pushManager.subscribe`, such as "AbortError: Registration failed - push service error") mean nothing to a
 * player: a refused permission points to the site settings, any other browser error to the push service (offline,
 * or a browser such as Brave with its push service off). The server's refusals carry their own text.
 */
export function pushErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || PUSH_TEXTS.failed;
  if (error instanceof DOMException)
    return error.name === 'NotAllowedError' ? PUSH_TEXTS.blocked : PUSH_TEXTS.pushServiceDown;
  return PUSH_TEXTS.failed;
}
