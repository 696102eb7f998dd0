import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The problems loadConfig reports for an environment (it must throw). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('starts with safe defaults from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DDRAGON_BASE_URL: 'https://ddragon.leagueoflegends.com',
      LOG_LEVEL: 'info',
      OIDC_LABEL: 'Single sign-on',
      ADMIN_EMAILS: [],
      isProduction: false,
      oidcProviders: [],
      devLoginEnabled: true,
      seedDemo: true,
    });
    for (const unset of [
      'DATABASE_URL',
      'REDIS_URL',
      'PUBLIC_URL',
      'ADMIN_KEY',
      'RIOT_API_KEY',
      'RIOT_API_BASE_URL',
      'OIDC_ALLOW_INSECURE',
      'RIOT_TOURNAMENT_STUB',
    ]) {
      expect(config[unset as keyof typeof config], unset).toBeUndefined();
    }
  });

  it('reads values and treats blank ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/scrims',
      ADMIN_KEY: '  a-very-secret-key  ',
      GOOGLE_CLIENT_ID: '   ',
      GOOGLE_CLIENT_SECRET: '',
      REDIS_URL: ' ',
    });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/scrims');
    expect(config.ADMIN_KEY).toBe('a-very-secret-key');
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.oidcProviders).toEqual([]);
  });

  it('reads ADMIN_EMAILS as a lower-case list, ignoring blanks', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,second@x.dev,, ' }).ADMIN_EMAILS).toEqual([
      'boss@example.com',
      'second@x.dev',
    ]);
  });

  it('reads the boolean switches', () => {
    expect(loadConfig({ OIDC_ALLOW_INSECURE: 'true' }).OIDC_ALLOW_INSECURE).toBe(true);
    expect(loadConfig({ OIDC_ALLOW_INSECURE: '1' }).OIDC_ALLOW_INSECURE).toBe(true);
    expect(loadConfig({ OIDC_ALLOW_INSECURE: 'false' }).OIDC_ALLOW_INSECURE).toBe(false);
    expect(loadConfig({ OIDC_ALLOW_INSECURE: '0' }).OIDC_ALLOW_INSECURE).toBe(false);
    expect(loadConfig({ RIOT_TOURNAMENT_STUB: '' }).RIOT_TOURNAMENT_STUB).toBeUndefined();
    expect(problemsOf({ RIOT_TOURNAMENT_STUB: 'yes' })).toEqual([expect.stringMatching(/^RIOT_TOURNAMENT_STUB: /)]);
  });

  it('seeds the demo outside production unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://scrims.example' }).seedDemo).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://scrims.example', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });
});

describe('loadConfig validation', () => {
  it.each(['abc', '70000', '-1', '3.5'])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([expect.stringMatching(/^PORT: /)]);
  });

  it('accepts the PORT boundaries', () => {
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(loadConfig({ PORT: '65535' }).PORT).toBe(65535);
  });

  it('lists every problem at once, each with its variable, in the error message', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'x', DATABASE_URL: 'not a url', NODE_ENV: 'staging', LOG_LEVEL: 'loud', ADMIN_KEY: 'short' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const { problems, message } = thrown as ConfigError;
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'ADMIN_KEY',
      'DATABASE_URL',
      'LOG_LEVEL',
      'NODE_ENV',
      'PORT',
    ]);
    expect(problems).toContain('ADMIN_KEY: ADMIN_KEY must be at least 12 characters');
    expect(message).toMatch(/^Invalid configuration:\n/);
    for (const problem of problems) expect(message).toContain(`  - ${problem}`);
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together'],
    [{ GOOGLE_CLIENT_SECRET: 'secret' }, 'GOOGLE_CLIENT_ID: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together'],
    [{ RIOT_RSO_CLIENT_ID: 'id' }, 'RIOT_RSO_CLIENT_SECRET: RIOT_RSO_CLIENT_ID and RIOT_RSO_CLIENT_SECRET go together'],
    [
      { RIOT_RSO_CLIENT_SECRET: 'secret' },
      'RIOT_RSO_CLIENT_ID: RIOT_RSO_CLIENT_ID and RIOT_RSO_CLIENT_SECRET go together',
    ],
    [{ OIDC_CLIENT_ID: 'id' }, 'OIDC_ISSUER: OIDC_CLIENT_ID and OIDC_ISSUER go together'],
    [{ OIDC_ISSUER: 'https://issuer.example' }, 'OIDC_CLIENT_ID: OIDC_CLIENT_ID and OIDC_ISSUER go together'],
  ])('refuses a half-configured provider %j', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });

  it('refuses an OIDC issuer that is not a URL', () => {
    expect(problemsOf({ OIDC_ISSUER: 'issuer.example', OIDC_CLIENT_ID: 'id' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER: /),
    ]);
  });

  it('requires PUBLIC_URL in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['PUBLIC_URL: PUBLIC_URL is required in production']);
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_URL: '  ' })).toEqual([
      'PUBLIC_URL: PUBLIC_URL is required in production',
    ]);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://scrims.example' }).isProduction).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('believes no proxy by default, and reads a hop count or proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.test' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
  });

  it('refuses "true" (it would believe any client) and anything that is not an address', () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: .*hop count/);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })).toHaveLength(1);
    expect(problemsOf({ TRUST_PROXY: 'proxy.internal' })).toHaveLength(1);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1/8/8' })).toHaveLength(1);
  });
});

describe('identity providers and the dev sign-in', () => {
  const google = { GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret' };
  const riot = { RIOT_RSO_CLIENT_ID: 'r-id', RIOT_RSO_CLIENT_SECRET: 'r-secret' };
  const oidc = { OIDC_ISSUER: 'https://sso.example', OIDC_CLIENT_ID: 'o-id', OIDC_CLIENT_SECRET: 'o-secret' };

  it('builds one provider per configured pair, in a stable order', () => {
    const config = loadConfig({ ...oidc, ...riot, ...google, OIDC_LABEL: 'Team SSO' });
    expect(config.oidcProviders).toEqual([
      {
        id: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g-id',
        clientSecret: 'g-secret',
        scope: 'openid email profile',
      },
      {
        id: 'riot',
        label: 'Riot Sign On',
        issuer: 'https://auth.riotgames.com',
        clientId: 'r-id',
        clientSecret: 'r-secret',
        scope: 'openid cpid offline_access',
      },
      {
        id: 'oidc',
        label: 'Team SSO',
        issuer: 'https://sso.example',
        clientId: 'o-id',
        clientSecret: 'o-secret',
        scope: 'openid email profile',
      },
    ]);
  });

  it("takes Riot Sign On's issuer from RIOT_RSO_ISSUER (a local issuer in tests), Riot's by default", () => {
    const config = loadConfig({ ...riot, RIOT_RSO_ISSUER: 'http://127.0.0.1:4000' });
    expect(config.oidcProviders).toEqual([expect.objectContaining({ id: 'riot', issuer: 'http://127.0.0.1:4000' })]);
    expect(() => loadConfig({ ...riot, RIOT_RSO_ISSUER: 'not a url' })).toThrow(/RIOT_RSO_ISSUER/);
  });

  it('allows a public OIDC client (no secret)', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://sso.example', OIDC_CLIENT_ID: 'public' });
    expect(config.oidcProviders).toEqual([
      expect.objectContaining({ id: 'oidc', clientId: 'public', clientSecret: undefined }),
    ]);
  });

  it('enables the dev sign-in only without providers and outside production', () => {
    expect(loadConfig({}).devLoginEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devLoginEnabled).toBe(true);
    expect(loadConfig(google).devLoginEnabled).toBe(false);
    expect(loadConfig(riot).devLoginEnabled).toBe(false);
    expect(loadConfig(oidc).devLoginEnabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://scrims.example' }).devLoginEnabled).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://scrims.example', ...google }).devLoginEnabled,
    ).toBe(false);
  });
});

describe('Web Push (VAPID) settings', () => {
  const publicKey = `B${'A'.repeat(86)}`;
  const privateKey = 'A'.repeat(43);

  it('reads the key pair, and takes VAPID_SUBJECT, else an https PUBLIC_URL, else a mailto: placeholder', () => {
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toMatchObject({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).vapidSubject).toBe('mailto:ops@example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://scrims.example.com' }).vapidSubject).toBe('https://scrims.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).vapidSubject).toMatch(/^mailto:/);
    expect(loadConfig({}).vapidSubject).toMatch(/^mailto:/);
  });

  it('refuses half a pair, a malformed key and a subject that is neither mailto: nor https:', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: publicKey })).toEqual([
      'VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    ]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })[0]).toMatch(/^VAPID_PUBLIC_KEY:/);
    expect(problemsOf({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'x+y' })[0]).toMatch(/^VAPID_PRIVATE_KEY:/);
    expect(problemsOf({ VAPID_SUBJECT: 'http://example.com' })[0]).toMatch(/^VAPID_SUBJECT:/);
  });

  it('allows local push endpoints only when PUSH_ALLOW_LOCAL_ENDPOINTS says so, whatever NODE_ENV is', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      expect(loadConfig({ NODE_ENV }).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(false);
    }
    expect(loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(true);
    expect(loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'false' }).PUSH_ALLOW_LOCAL_ENDPOINTS).toBe(false);
    expect(problemsOf({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'yes' })[0]).toMatch(/^PUSH_ALLOW_LOCAL_ENDPOINTS:/);
  });
});
