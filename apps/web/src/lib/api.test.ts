import { describe, expect, it } from 'vitest';
import { messageOf } from './api';

describe('messageOf (the alert rule of spec 2)', () => {
  it('shows a text as it is', () => expect(messageOf('Players swapped!')).toBe('Players swapped!'));
  it("shows an object's message field", () => expect(messageOf(new Error('boom'))).toBe('boom'));
  it('shows other objects as JSON', () => expect(messageOf({ status: 500 })).toBe('{"status":500}'));
  it("falls back to 'An error occurred'", () => {
    expect(messageOf(undefined)).toBe('An error occurred');
    expect(messageOf({})).toBe('An error occurred');
    expect(messageOf('')).toBe('An error occurred');
  });
});
