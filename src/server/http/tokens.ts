import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret fit for a cookie or an emailed link. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored hashed, so a copy of the database cannot be used to log in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
