import { config } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod-config', () => {
  it('makes zod parse jitless (no `new Function` probe for the CSP to report) without importing zod', () => {
    expect(config().jitless).toBe(true);
    expect(globalThis.__zod_globalConfig).toBe(config());
  });
});
