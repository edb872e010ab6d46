import { SecretFormat } from '../../common/auth/secret-format';

/** A feed token: 32 random bytes, base64url (it sits in a URL path), no prefix. */
export const CALENDAR_TOKEN = new SecretFormat('', 'base64url');
