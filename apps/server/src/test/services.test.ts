import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisReachable, postgresReachable, requireService } from './services.js';

/** A suite that needs a missing service is skipped loudly on a developer's machine and fails under CI=true. */
describe('requireService', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('under CI=true a missing service is a failure', () => {
    vi.stubEnv('CI', 'true');
    expect(() => requireService({ suite: 'the suite', available: false, missing: 'Redis at x' })).toThrow(
      /the suite needs Redis at x \(CI=true: a missing service is a failure\)/,
    );
    expect(requireService({ suite: 'the suite', available: true, missing: 'Redis at x' })).toBe(true);
  });

  it('outside CI it skips, saying why', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(requireService({ suite: 'the suite', available: false, missing: 'Redis at x' })).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SKIPPING the suite: Redis at x'));
    warn.mockRestore();
  });

  it('a closed port is not a service', async () => {
    expect(await redisReachable('redis://127.0.0.1:1')).toBe(false);
    expect(await postgresReachable('postgres://postgres@127.0.0.1:1/test')).toBe(false);
  });
});
