import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_BURST } from '../modules/auth/auth.routes.js';
import { createTestApp, type TestContext } from '../test/app.js';

/**
 * A client can write any X-Forwarded-For it likes. Unless TRUST_PROXY names the proxies in front of the server,
 * the header decides nothing: the sign-in limit keys on the socket's address, in production too.
 */
const PUBLIC_URL = 'https://scrim-gym.test';
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/** Starts of a sign-in from one socket address, each claiming another client address; how many were refused. */
async function refusedStarts({
  remoteAddress,
  forwardedFor,
}: {
  remoteAddress: string;
  forwardedFor: (i: number) => string;
}) {
  const answers = await Promise.all(
    Array.from({ length: SIGN_IN_BURST + 20 }, (_, i) =>
      ctx!.app.inject({
        method: 'GET',
        url: '/api/auth/oidc/google/start',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      }),
    ),
  );
  return answers.filter((res) => res.statusCode === 429).length;
}

describe('TRUST_PROXY', () => {
  it('off (the default, in production too): a forged X-Forwarded-For does not dodge the sign-in limit', async () => {
    ctx = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL, LOG_LEVEL: 'silent' });
    const refused = await refusedStarts({
      remoteAddress: '203.0.113.50',
      forwardedFor: (i) => `198.51.100.${i % 250}`,
    });
    expect(refused).toBeGreaterThanOrEqual(15);
  });

  it('a hop count believes only the address the trusted proxy added', async () => {
    ctx = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL, LOG_LEVEL: 'silent' });
    // The client forges the left part; the load balancer appends the address it saw (the same client).
    const forged = await refusedStarts({
      remoteAddress: '10.0.0.2',
      forwardedFor: (i) => `198.51.100.${i % 250}, 203.0.113.60`,
    });
    expect(forged).toBeGreaterThanOrEqual(15);
    // Different real clients behind the same proxy each have their own budget.
    const distinct = await refusedStarts({
      remoteAddress: '10.0.0.2',
      forwardedFor: (i) => `192.0.2.${i % 250}`,
    });
    expect(distinct).toBe(0);
  });

  it('a list of proxy addresses believes the header only when it comes from one of them', async () => {
    ctx = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', PUBLIC_URL, LOG_LEVEL: 'silent' });
    const fromOutside = await refusedStarts({
      remoteAddress: '203.0.113.70',
      forwardedFor: (i) => `198.51.100.${i % 250}`,
    });
    expect(fromOutside).toBeGreaterThanOrEqual(15);
    const viaProxy = await refusedStarts({
      remoteAddress: '10.1.2.3',
      forwardedFor: (i) => `198.51.100.${i % 250}`,
    });
    expect(viaProxy).toBe(0);
  });
});
