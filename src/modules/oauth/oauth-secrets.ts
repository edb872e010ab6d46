import { createHash, randomBytes } from 'node:crypto';

/** What each secret starts with, so that a leaked one is recognisable (and an API key is never mistaken for one). */
const PREFIXES = { access: 'cpat_', refresh: 'cprt_', code: 'cpac_', browser: 'cpab_' } as const;

export type SecretKind = keyof typeof PREFIXES;

/** A new secret: its prefix and 32 random bytes in hex. Only its hash is stored. */
export function generateSecret(kind: SecretKind): { value: string; hash: Buffer } {
  const value = `${PREFIXES[kind]}${randomBytes(32).toString('hex')}`;
  return { value, hash: hashSecret(value) };
}

/** SHA-256 is enough: each secret carries 256 bits of entropy, so there is nothing to brute-force. */
export function hashSecret(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function isSecretOf(kind: SecretKind, value: string): boolean {
  return value.length === PREFIXES[kind].length + 64 && value.startsWith(PREFIXES[kind]) && /^[0-9a-f]{64}$/.test(value.slice(-64));
}
