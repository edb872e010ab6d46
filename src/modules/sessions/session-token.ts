import { SecretFormat } from '../../common/auth/secret-format';

/** A session token (the `career_session` cookie): 32 random bytes, base64url, no prefix. */
export const SESSION_TOKEN = new SecretFormat('', 'base64url');
