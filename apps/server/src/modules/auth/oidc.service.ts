import * as oidc from 'openid-client';
import type { AppConfig, OidcProviderConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { RIOT_LINK_MESSAGES, type AuthErrorCode } from '@scrim-gym/shared';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { insertOidcAttempt, takeOidcAttempt, type Identity } from './auth.repository.js';
import { safeReturnTo } from './return-to.js';

const ATTEMPT_TTL_MS = 10 * 60 * 1000;
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerById(config: AppConfig, id: string): OidcProviderConfig {
  const provider = config.oidcProviders.find((p) => p.id === id);
  if (!provider) throw notFound('Unknown sign-in provider', 'UNKNOWN_PROVIDER');
  return provider;
}

/** Discovery once per issuer; a failed discovery is forgotten so the next sign-in tries again. */
function discover(config: AppConfig, provider: OidcProviderConfig): Promise<oidc.Configuration> {
  const key = `${provider.issuer}|${provider.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    pending = oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      provider.clientSecret ? undefined : oidc.None(),
      config.OIDC_ALLOW_INSECURE ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    pending.catch(() => discovered.delete(key));
    discovered.set(key, pending);
  }
  return pending;
}

const unavailable = (provider: OidcProviderConfig, error: unknown) =>
  new AppError(503, 'PROVIDER_UNAVAILABLE', `${provider.label} sign-in is unavailable right now`, {}, error);

/** The code a refused callback sends the browser home with (`/?authError=<code>`); never the error's text. */
export function authErrorCodeOf(error: AppError): AuthErrorCode {
  switch (error.code) {
    case 'OIDC_DENIED':
      return 'access_denied';
    case 'BAD_STATE':
      return 'state_mismatch';
    case 'BANNED':
      return 'banned';
    case 'PROVIDER_UNAVAILABLE':
      return 'provider_unavailable';
    case 'UNKNOWN_PROVIDER':
      return 'unknown_provider';
    default:
      return 'failed';
  }
}

const callbackUrl = (origin: string, providerId: string) => `${origin}/api/auth/oidc/${providerId}/callback`;

/**
 * Starts a code flow with PKCE for `provider`; the attempt is stored (under `attemptKey`) so the callback may
 * reach any instance.
 */
async function beginCodeFlow({
  db,
  config,
  provider,
  attemptKey,
  redirectUri,
  returnTo,
}: {
  db: Database;
  config: AppConfig;
  provider: OidcProviderConfig;
  attemptKey: string;
  redirectUri: string;
  returnTo: string;
}) {
  const client = await discover(config, provider).catch((error: unknown) => {
    throw unavailable(provider, error);
  });
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await insertOidcAttempt({
    db,
    attempt: {
      state,
      provider: attemptKey,
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(returnTo),
      expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
    },
  });
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: provider.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

/**
 * Finishes a code flow: checks state (bound to the browser's cookie and to `attemptKey`), PKCE and nonce, and
 * exchanges the code. Refusals are AppErrors (BAD_STATE, OIDC_DENIED, OIDC_FAILED, PROVIDER_UNAVAILABLE).
 */
async function completeCodeFlow({
  db,
  config,
  provider,
  attemptKey,
  redirectUri,
  currentUrl,
  cookieState,
  expiredMessage,
}: {
  db: Database;
  config: AppConfig;
  provider: OidcProviderConfig;
  attemptKey: string;
  redirectUri: string;
  currentUrl: URL;
  cookieState: string | undefined;
  expiredMessage: string;
}) {
  const state = currentUrl.searchParams.get('state');
  if (!state || !cookieState || state !== cookieState) throw badRequest(expiredMessage, 'BAD_STATE');
  const attempt = await takeOidcAttempt({ db, state });
  if (!attempt || attempt.provider !== attemptKey) throw badRequest(expiredMessage, 'BAD_STATE');
  const client = await discover(config, provider).catch((error: unknown) => {
    throw unavailable(provider, error);
  });
  // The callback URL as the provider saw it, behind any proxy.
  const callback = new URL(redirectUri);
  callback.search = currentUrl.search;
  try {
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    return { client, tokens, attempt };
  } catch (error) {
    throw codeFlowError(provider, error);
  }
}

function codeFlowError(provider: OidcProviderConfig, error: unknown) {
  if (error instanceof AppError) return error;
  if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
    return new AppError(400, 'OIDC_DENIED', `${provider.label} sign-in was cancelled`, {}, error);
  }
  return new AppError(400, 'OIDC_FAILED', `${provider.label} sign-in failed, please try again`, {}, error);
}

/** Starts the code flow with PKCE; the attempt is stored so the callback may reach any instance. */
export async function startOidcSignIn({
  db,
  config,
  providerId,
  origin,
  returnTo,
}: {
  db: Database;
  config: AppConfig;
  providerId: string;
  origin: string;
  returnTo: string;
}) {
  const provider = providerById(config, providerId);
  return beginCodeFlow({
    db,
    config,
    provider,
    attemptKey: provider.id,
    redirectUri: callbackUrl(origin, provider.id),
    returnTo,
  });
}

/** Finishes the code flow: checks state (bound to the browser's cookie), PKCE and nonce; returns the identity. */
export async function finishOidcSignIn({
  db,
  config,
  providerId,
  origin,
  currentUrl,
  cookieState,
}: {
  db: Database;
  config: AppConfig;
  providerId: string;
  origin: string;
  currentUrl: URL;
  cookieState: string | undefined;
}): Promise<{ identity: Identity; returnTo: string }> {
  const provider = providerById(config, providerId);
  const { client, tokens, attempt } = await completeCodeFlow({
    db,
    config,
    provider,
    attemptKey: provider.id,
    redirectUri: callbackUrl(origin, provider.id),
    currentUrl,
    cookieState,
    expiredMessage: 'Sign-in expired, please try again',
  });
  try {
    let claims: oidc.IDToken | oidc.UserInfoResponse = tokens.claims()!;
    // In the code flow a conforming issuer may return the email and profile claims only from UserInfo
    // (OIDC Core 5.4); Google puts them in the ID token, most other issuers do not.
    const scopes = provider.scope.split(' ');
    if (
      (claims.email === undefined && scopes.includes('email')) ||
      (claims.name === undefined && scopes.includes('profile'))
    ) {
      claims = { ...(await oidc.fetchUserInfo(client, tokens.access_token, claims.sub)), ...claims };
    }
    const email =
      typeof claims.email === 'string' && claims.email_verified !== false ? claims.email.toLowerCase() : null;
    const name = typeof claims.name === 'string' ? claims.name : null;
    // Checked again on the way out: a row written under older rules must not redirect off-site either.
    const returnTo = safeReturnTo(attempt.returnTo);
    return { identity: { provider: provider.id, subject: claims.sub, email, name }, returnTo };
  } catch (error) {
    throw codeFlowError(provider, error);
  }
}

/* ---- Linking a Riot account to the signed-in user (Riot Sign On, reused from Settings) ---- */

/** The path Riot Sign On sends the browser back to after a link (registered at Riot as a redirect URI). */
export const RIOT_LINK_CALLBACK_PATH = '/api/riot/link/callback';
/** An attempt to link is bound to the user who started it (the attempt's `provider` column). */
const riotLinkKey = (userId: string) => `riot-link:${userId}`;

function riotSignOn(config: AppConfig): OidcProviderConfig {
  const provider = config.oidcProviders.find((p) => p.id === 'riot');
  if (!provider) throw conflict(RIOT_LINK_MESSAGES.notConfigured, 'RSO_NOT_CONFIGURED');
  return provider;
}

/** Starts Riot Sign On for the signed-in user to link their Riot account; 409 when RSO is not configured. */
export function startRiotLink({
  db,
  config,
  origin,
  userId,
}: {
  db: Database;
  config: AppConfig;
  origin: string;
  userId: string;
}) {
  return beginCodeFlow({
    db,
    config,
    provider: riotSignOn(config),
    attemptKey: riotLinkKey(userId),
    redirectUri: `${origin}${RIOT_LINK_CALLBACK_PATH}`,
    returnTo: '/settings',
  });
}

/**
 * Finishes a link started by this user in this browser: the RSO access token (for account-v1 `accounts/me`)
 * and the RSO subject.
 */
export async function finishRiotLink({
  db,
  config,
  origin,
  userId,
  currentUrl,
  cookieState,
}: {
  db: Database;
  config: AppConfig;
  origin: string;
  userId: string;
  currentUrl: URL;
  cookieState: string | undefined;
}): Promise<{ accessToken: string; subject: string }> {
  const provider = riotSignOn(config);
  const { tokens } = await completeCodeFlow({
    db,
    config,
    provider,
    attemptKey: riotLinkKey(userId),
    redirectUri: `${origin}${RIOT_LINK_CALLBACK_PATH}`,
    currentUrl,
    cookieState,
    expiredMessage: 'Linking expired, please try again',
  });
  return { accessToken: tokens.access_token, subject: tokens.claims()?.sub ?? '' };
}
