import { describe, expect, it } from 'vitest';
import { mayPlace, mayPlaceAnyone } from './host-limits.js';

const ADMIN = { isAdmin: true };
const HOST = { isAdmin: false };

describe('host limits', () => {
  it('an admin places anyone, found by name', () => {
    expect(mayPlaceAnyone(ADMIN)).toBe(true);
    expect(mayPlace(ADMIN, { inScrim: false, waiting: false })).toBe(true);
  });

  it('a community host places only players in the scrim or on its waitlist', () => {
    expect(mayPlaceAnyone(HOST)).toBe(false);
    expect(mayPlace(HOST, { inScrim: false, waiting: false })).toBe(false);
    expect(mayPlace(HOST, { inScrim: false, waiting: true })).toBe(true);
    expect(mayPlace(HOST, { inScrim: true, waiting: false })).toBe(true);
  });
});
