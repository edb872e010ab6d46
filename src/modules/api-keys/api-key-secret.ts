import { createHash, randomBytes } from 'node:crypto';

const KEY_PATTERN = /^cpk_[0-9a-f]{64}$/;

/** A new key: `cpk_` and 32 random bytes in hex. Only its hash and first 8 hex characters are kept. */
export function generateApiKey(): { key: string; hash: Buffer; prefix: string } {
  const secret = randomBytes(32).toString('hex');
  const key = `cpk_${secret}`;
  return { key, hash: hashApiKey(key), prefix: secret.slice(0, 8) };
}

/** SHA-256 is enough: the key carries 256 bits of entropy, so there is nothing to brute-force. */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}
