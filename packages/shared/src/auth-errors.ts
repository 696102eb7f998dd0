import { MESSAGES } from './messages.js';

/**
 * Why a provider sign-in came back refused. The server redirects to `/?authError=<code>` and the web app shows
 * its own message for the code: text in the URL is never shown, so a crafted link cannot put words on our page.
 */
export const AUTH_ERROR_CODES = [
  'access_denied',
  'state_mismatch',
  'banned',
  'provider_unavailable',
  'unknown_provider',
  'failed',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const AUTH_ERROR_PARAM = 'authError';

const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  access_denied: 'Sign-in was cancelled.',
  state_mismatch: 'Sign-in expired, please try again.',
  banned: 'This account is banned.',
  provider_unavailable: 'Sign-in is unavailable right now, please try again later.',
  unknown_provider: 'This sign-in option is not available.',
  failed: MESSAGES.loginError,
};

export const isAuthErrorCode = (value: unknown): value is AuthErrorCode =>
  (AUTH_ERROR_CODES as readonly unknown[]).includes(value);

/** The app's message for a code from the URL; anything unknown gets the catalogue's generic sign-in error. */
export const authErrorMessage = (code: string | null | undefined): string =>
  isAuthErrorCode(code) ? AUTH_ERROR_MESSAGES[code] : MESSAGES.loginError;
