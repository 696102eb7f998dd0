import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A REAL OpenID Connect issuer (oidc-provider) on 127.0.0.1 for the code-flow tests, and what a browser brings to
 * them: a cookie jar and a walk through the issuer's login and consent pages.
 */

export const TEST_CLIENT_ID = 'scrim-gym-test';
export const TEST_CLIENT_SECRET = 'a-long-test-client-secret-0123456789';

/** A free port on 127.0.0.1 (to know the app's URL before it listens, for the issuer's redirect URIs). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

export interface TestIssuer {
  url: string;
  /** Every authorization request the issuer received, to check what the app sent (PKCE, scope, redirect). */
  authorizeRequests: URL[];
  /** The account id (`sub`) behind an access token, from the issuer's UserInfo endpoint; null if refused. */
  subjectOf(accessToken: string): Promise<string | null>;
  close(): Promise<void>;
}

/** Starts an issuer with one confidential client; any login works and the claims come from `claimsOf`. */
export async function startTestIssuer({
  redirectUris,
  claimsOf = (accountId) => ({ sub: accountId }),
  claims = { openid: ['sub'] },
}: {
  redirectUris: string[];
  claimsOf?: (accountId: string) => Record<string, unknown>;
  claims?: Record<string, string[]>;
}): Promise<TestIssuer> {
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client authenticates with client_secret_post when given a secret.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, accountId) => ({ accountId, claims: () => claimsOf(accountId) }),
    claims,
    cookies: { keys: ['oidc-test-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    ttl: { Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600, Interaction: 600, AuthorizationCode: 60 },
  });
  const handle = provider.callback();
  const authorizeRequests: URL[] = [];
  server.on('request', (req, res) => {
    const requestUrl = new URL(req.url ?? '/', url);
    if (requestUrl.pathname === '/auth' && req.method === 'GET') authorizeRequests.push(requestUrl);
    handle(req, res);
  });
  return {
    url,
    authorizeRequests,
    async subjectOf(accessToken) {
      const answer = await fetch(`${url}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
      if (!answer.ok) return null;
      const { sub } = (await answer.json()) as { sub?: unknown };
      return typeof sub === 'string' ? sub : null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A browser's cookie store, per origin and path, enough for two servers on 127.0.0.1. */
export class CookieJar {
  private cookies = new Map<string, { origin: string; path: string; name: string; value: string }>();

  store(url: URL, response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const maxAge = attribute('max-age');
      const key = `${url.origin} ${path} ${name}`;
      const expired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires && Date.parse(expires) <= Date.now());
      if (expired || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { origin: url.origin, path, name, value });
    }
  }

  /** Sets a cookie as if a server had (a test's session token). */
  set(origin: string, name: string, value: string, path = '/') {
    this.cookies.set(`${origin} ${path} ${name}`, { origin, path, name, value });
  }

  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          c.origin === url.origin &&
          (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(origin: string, name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.origin === origin && c.name === name)?.value;
  }
}

/** One request as the browser of `jar` sends it: its cookies, no automatic redirects; stores what it is given. */
export async function browserRequest(
  jar: CookieJar,
  url: URL,
  init: RequestInit = {},
  extraHeaders: Record<string, string> = {},
) {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(url, response);
  return response;
}

/**
 * Goes through the issuer like a browser: sends `start` (the app's start URL and request), follows redirects,
 * fills the issuer's login form with `accountId` and approves its consent page, until the issuer sends the
 * browser back to `callbackPath` on `appOrigin`. Returns that callback URL (code and state) without visiting it.
 */
export async function authorizeAt({
  send,
  start,
  appOrigin,
  callbackPath,
  accountId,
}: {
  send: (url: URL, init: RequestInit) => Promise<Response>;
  start: { url: URL; init?: RequestInit };
  appOrigin: string;
  callbackPath: string;
  accountId: string;
}): Promise<URL> {
  let url = start.url;
  let init: RequestInit = start.init ?? {};
  for (let step = 0; step < 20; step++) {
    const response = await send(url, init);
    init = {};
    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location')!, url);
      if (next.origin === appOrigin && next.pathname === callbackPath) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (response.status !== 200 || !prompt || !action) {
      throw new Error(`Unexpected page ${response.status} at ${url.href}: ${html.slice(0, 300)}`);
    }
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
    url = new URL(action.replaceAll('&amp;', '&'), url);
    init = { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('The issuer did not send the browser back within 20 steps');
}
