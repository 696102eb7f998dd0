import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque session token: 256 random bits, URL-safe. */
export const createToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
