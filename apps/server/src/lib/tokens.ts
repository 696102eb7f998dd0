import { createHash, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque session token: 256 random bits, URL-safe. */
export const createToken = () => randomBytes(32).toString('base64url');

// One-shot: every authenticated request hashes its token (no Hash object to build).
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** Constant-time comparison of two secrets of any length (compares their digests). */
export function secretsEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A uniformly random password (crypto.randomInt has no modulo bias); lobby passwords are 8 characters. */
export function createPassword(length = 8): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}
