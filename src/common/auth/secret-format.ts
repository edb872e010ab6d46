import { createHash, randomBytes } from 'node:crypto';

/** How the 32 random bytes are written, and the pattern that text matches. */
const ENCODINGS = { hex: '[0-9a-f]{64}', base64url: '[\\w-]{43}' } as const;

/**
 * A kind of bearer secret the service hands out (API key, session token, OAuth code or token): a prefix that makes a
 * leaked one recognisable, then 32 random bytes. Only its SHA-256 is stored, and a value that does not have the
 * kind's shape is refused before any lookup.
 */
export class SecretFormat {
  private readonly pattern: RegExp;

  constructor(
    readonly prefix: string,
    private readonly encoding: keyof typeof ENCODINGS,
  ) {
    this.pattern = new RegExp(`^${prefix.replace(/[^\w]/g, '\\$&')}${ENCODINGS[encoding]}$`);
  }

  /** A new secret and the hash to store in its place. */
  generate(): { value: string; hash: Buffer } {
    const value = `${this.prefix}${randomBytes(32).toString(this.encoding)}`;
    return { value, hash: hashSecret(value) };
  }

  isWellFormed(value: unknown): value is string {
    return typeof value === 'string' && this.pattern.test(value);
  }
}

/** SHA-256 is enough: each secret carries 256 bits of entropy, so there is nothing to brute-force. */
export function hashSecret(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
