import { createHash, randomBytes } from 'node:crypto';

/** A new feed token: 32 random bytes, base64url (it sits in a URL path). Only its SHA-256 is stored. */
export function generateCalendarToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashCalendarToken(token) };
}

/** SHA-256 is enough: the token carries 256 bits of entropy, so there is nothing to brute-force. */
export function hashCalendarToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function isWellFormedCalendarToken(token: string): boolean {
  return /^[\w-]{43}$/.test(token);
}
