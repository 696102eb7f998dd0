import * as oidc from 'openid-client';
import type { AppConfig, OidcProviderConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { AuthErrorCode } from '@scrim-gym/shared';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
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
      provider: provider.id,
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(returnTo),
      expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
    },
  });
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: callbackUrl(origin, provider.id),
    scope: provider.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
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
  const state = currentUrl.searchParams.get('state');
  if (!state || !cookieState || state !== cookieState)
    throw badRequest('Sign-in expired, please try again', 'BAD_STATE');
  const attempt = await takeOidcAttempt({ db, state });
  if (!attempt || attempt.provider !== provider.id) throw badRequest('Sign-in expired, please try again', 'BAD_STATE');
  const client = await discover(config, provider).catch((error: unknown) => {
    throw unavailable(provider, error);
  });
  // The callback URL as the provider saw it, behind any proxy.
  const callback = new URL(callbackUrl(origin, provider.id));
  callback.search = currentUrl.search;
  try {
    const tokens = await oidc.authorizationCodeGrant(client, callback, {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
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
    if (error instanceof oidc.AuthorizationResponseError && error.error === 'access_denied') {
      throw new AppError(400, 'OIDC_DENIED', `${provider.label} sign-in was cancelled`, {}, error);
    }
    throw new AppError(400, 'OIDC_FAILED', `${provider.label} sign-in failed, please try again`, {}, error);
  }
}
