import { SecretFormat } from '../../common/auth/secret-format';

export const API_KEY = new SecretFormat('cpk_', 'hex');

/** A new key: `cpk_` and 32 random bytes in hex. Only its hash and first 8 hex characters are kept. */
export function generateApiKey(): { key: string; hash: Buffer; prefix: string } {
  const { value, hash } = API_KEY.generate();
  return { key: value, hash, prefix: value.slice(API_KEY.prefix.length, API_KEY.prefix.length + 8) };
}
