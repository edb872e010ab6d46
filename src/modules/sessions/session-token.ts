import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function generateSessionToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

/** SHA-256 is enough: the token carries 256 bits of entropy, so there is nothing to brute-force. */
export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function isWellFormedSessionToken(token: unknown): token is string {
  return typeof token === 'string' && /^[\w-]{43}$/.test(token);
}
