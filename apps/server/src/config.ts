import { isIP } from 'node:net';
import { z } from 'zod';

const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));
const optionalUrl = optionalText.pipe(z.url().optional());
const emailList = optionalText.transform((v) =>
  (v ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean),
);

/** TRUST_PROXY's value as Fastify's `trustProxy` option: false, a hop count, or proxy addresses. */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: "TRUST_PROXY=true would believe any client; give a hop count (e.g. 1) or the proxies' addresses",
    });
    return false;
  }
  const proxies = value.split(',').map((entry) => entry.trim());
  for (const proxy of proxies) {
    const [address = '', prefix, ...rest] = proxy.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || rest.length > 0) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: "${proxy}" is not an IP address or CIDR range` });
    }
  }
  return proxies;
}

/** Every setting is an environment variable with a safe default; `.env.example` documents them. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    /**
     * Names this deployment's Socket.IO channels in Redis. Pub/sub ignores Redis database numbers, so two
     * deployments (or test runs) sharing one Redis need different prefixes to stay apart.
     */
    REDIS_PREFIX: z.string().trim().min(1).max(64).default('scrimgym'),
    /** PostgreSQL: longest wait for a connection (pool full or server unreachable) before answering 503. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    /** PostgreSQL: longest wait for a query's answer (a partitioned server never answers). */
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    /** SIGTERM: how long in-flight requests and jobs may take before the process exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
    /**
     * How long an instance may answer a token's session from memory (0: every request looks it up). Ends, bans
     * and changes are forgotten at once on every instance; this bounds staleness only while Redis is down.
     */
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
    /**
     * How long an instance serves a day of the scrim list from memory before reading it again: changes reach every
     * instance at once; this bounds staleness only for a change lost between instances or one nobody announces.
     */
    SCRIM_LIST_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** How often each instance re-checks the sessions of its sockets (expired or deleted ones disconnect). */
    SOCKET_SESSION_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(60_000),
    /**
     * Socket events one socket may send at once (the burst) and per second after that; a user's sockets together
     * get three times as much. Over it events are refused (RATE_LIMITED), and a socket that keeps on is closed.
     */
    SOCKET_EVENTS_BURST: z.coerce.number().int().min(1).max(100_000).default(30),
    SOCKET_EVENTS_PER_SECOND: z.coerce.number().min(0.1).max(100_000).default(10),
    PUBLIC_URL: optionalUrl,
    ADMIN_KEY: optionalText.pipe(z.string().min(12, 'ADMIN_KEY must be at least 12 characters').optional()),
    ADMIN_EMAILS: emailList,
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    RIOT_RSO_CLIENT_ID: optionalText,
    RIOT_RSO_CLIENT_SECRET: optionalText,
    /** Riot Sign On's issuer (default https://auth.riotgames.com); a local test issuer in tests. */
    RIOT_RSO_ISSUER: z.url().default('https://auth.riotgames.com'),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_LABEL: z.string().default('Single sign-on'),
    /** Allow http:// issuers (local test issuers only). */
    OIDC_ALLOW_INSECURE: booleanText,
    RIOT_API_KEY: optionalText,
    RIOT_TOURNAMENT_STUB: booleanText,
    /**
     * The result poll (games/by-code, the fallback for a lost callback): first this long after the start, then
     * every RIOT_RESULT_POLL_MS until RIOT_RESULT_POLL_WINDOW_MS after the start. Settings so that tests and the
     * chaos bench run on a fast clock.
     */
    RIOT_RESULT_POLL_FIRST_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .default(20 * 60_000),
    RIOT_RESULT_POLL_MS: z.coerce
      .number()
      .int()
      .min(10)
      .max(86_400_000)
      .default(10 * 60_000),
    RIOT_RESULT_POLL_WINDOW_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400_000)
      .default(4 * 60 * 60_000),
    RIOT_API_BASE_URL: optionalUrl,
    /**
     * How often the lobby guard reads each scrim's Riot lobby (lobby-events) from 15 minutes before its start
     * until champion select: 300 lobbies at 10 s are 300 requests per 10 s (docs/game-day.md, "Lobby guard").
     */
    RIOT_LOBBY_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
    /** The players missing from Riot's lobby are told this long before the start, or this long after the code. */
    RIOT_LOBBY_REMINDER_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3_600_000)
      .default(5 * 60_000),
    DDRAGON_BASE_URL: z.url().default('https://ddragon.leagueoflegends.com'),
    /** Longest wait for Discord's answer to one webhook post; a post that takes longer is retried later. */
    DISCORD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    SEED_DEMO: booleanText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `pretty`: one readable line per request; `json`: pino's lines. Default: pretty in development only. */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /**
     * Web Push (VAPID) key pair, base64url as web-push's generateVAPIDKeys prints them (`npx web-push
     * generate-vapid-keys`): the public key is a P-256 point (65 bytes), the private one 32 bytes. Unset, the
     * server generates a pair once and keeps it in the database (server_secrets), shared by every instance.
     */
    VAPID_PUBLIC_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^B[A-Za-z0-9_-]{86}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
        .optional(),
    ),
    /** Who push services contact about our pushes: a mailto: or https: URL (default: PUBLIC_URL if https). */
    VAPID_SUBJECT: optionalText.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https: URL')
        .optional(),
    ),
    /**
     * Lets pushes go to a push service on this machine (`http://127.0.0.1:<port>`, `http://localhost:<port>`):
     * tests and local development only. Unset, such endpoints are refused at subscribe and a push never connects
     * to a loopback address, whatever NODE_ENV says.
     */
    PUSH_ALLOW_LOCAL_ENDPOINTS: booleanText.transform((v) => v ?? false),
    /**
     * Which proxies in front of the server to believe about the client's address (`X-Forwarded-For`) and
     * protocol: unset or `false` believes none (rate limits key on the socket's address); a hop count (`1`
     * behind one load balancer) or a comma-separated list of proxy addresses / CIDR ranges.
     */
    TRUST_PROXY: optionalText.transform((v, ctx) => parseTrustProxy(v, ctx)),
  })
  .superRefine((env, ctx) => {
    const pairs = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['RIOT_RSO_CLIENT_ID', 'RIOT_RSO_CLIENT_SECRET'],
      ['OIDC_CLIENT_ID', 'OIDC_ISSUER'],
      ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({ code: 'custom', path: [env[a] ? b : a], message: `${a} and ${b} go together` });
      }
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'PUBLIC_URL is required in production' });
    }
  });

export type Env = z.output<typeof envSchema>;

export interface OidcProviderConfig {
  id: 'google' | 'riot' | 'oidc';
  label: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scope: string;
}

export interface AppConfig extends Env {
  isProduction: boolean;
  oidcProviders: OidcProviderConfig[];
  /** Dev sign-in: only when no identity provider is configured and not in production. */
  devLoginEnabled: boolean;
  seedDemo: boolean;
  logFormat: 'pretty' | 'json';
  /** VAPID_SUBJECT, else PUBLIC_URL when https, else a mailto: placeholder (set VAPID_SUBJECT in production). */
  vapidSubject: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const env = parsed.data;
  const oidcProviders: OidcProviderConfig[] = [];
  if (env.GOOGLE_CLIENT_ID) {
    oidcProviders.push({
      id: 'google',
      label: 'Google',
      issuer: 'https://accounts.google.com',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      scope: 'openid email profile',
    });
  }
  if (env.RIOT_RSO_CLIENT_ID) {
    oidcProviders.push({
      id: 'riot',
      label: 'Riot Sign On',
      issuer: env.RIOT_RSO_ISSUER,
      clientId: env.RIOT_RSO_CLIENT_ID,
      clientSecret: env.RIOT_RSO_CLIENT_SECRET,
      scope: 'openid cpid offline_access',
    });
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
    oidcProviders.push({
      id: 'oidc',
      label: env.OIDC_LABEL,
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      scope: 'openid email profile',
    });
  }
  const isProduction = env.NODE_ENV === 'production';
  return {
    ...env,
    isProduction,
    oidcProviders,
    devLoginEnabled: !isProduction && oidcProviders.length === 0,
    seedDemo: env.SEED_DEMO ?? !isProduction,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    vapidSubject:
      env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:push@scrim-gym.invalid'),
  };
}
