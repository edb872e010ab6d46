import { createHash } from 'node:crypto';
import { hashSecret } from '@src/common/auth/secret-format';
import { API_KEY, generateApiKey } from '@src/modules/api-keys/api-key-secret';
import { CALENDAR_TOKEN } from '@src/modules/calendar/calendar-token';
import { OAUTH_SECRETS } from '@src/modules/oauth/oauth-secrets';
import { SESSION_TOKEN } from '@src/modules/sessions/session-token';

/** The shapes clients hold and the hashes the database keeps: changing either locks everyone out. */
describe('the secrets the service hands out', () => {
  it.each([
    ['API key', API_KEY, /^cpk_[0-9a-f]{64}$/],
    ['session token', SESSION_TOKEN, /^[\w-]{43}$/],
    ['calendar feed token', CALENDAR_TOKEN, /^[\w-]{43}$/],
    ['OAuth access token', OAUTH_SECRETS.access, /^cpat_[0-9a-f]{64}$/],
    ['OAuth refresh token', OAUTH_SECRETS.refresh, /^cprt_[0-9a-f]{64}$/],
    ['OAuth authorization code', OAUTH_SECRETS.code, /^cpac_[0-9a-f]{64}$/],
    ['OAuth browser secret', OAUTH_SECRETS.browser, /^cpab_[0-9a-f]{64}$/],
  ])('a new %s has its shape, is stored as its SHA-256, and is told apart from malformed ones', (_kind, format, shape) => {
    const { value, hash } = format.generate();
    expect(value).toMatch(shape);
    expect(hash.equals(createHash('sha256').update(value).digest())).toBe(true);
    expect(hashSecret(value).equals(hash)).toBe(true);
    expect(format.isWellFormed(value)).toBe(true);
    expect(format.isWellFormed(`${value}0`)).toBe(false);
    expect(format.isWellFormed(value.slice(0, -1))).toBe(false);
    expect(format.isWellFormed(`${value.slice(0, -1)}!`)).toBe(false);
    expect(format.isWellFormed(undefined)).toBe(false);
  });

  it('keeps the 8 hex characters after cpk_ as the key prefix shown in listings', () => {
    const { key, prefix } = generateApiKey();
    expect(prefix).toBe(key.slice(4, 12));
  });

  it('tells one OAuth secret kind from another and from an API key', () => {
    const access = OAUTH_SECRETS.access.generate().value;
    expect(OAUTH_SECRETS.refresh.isWellFormed(access)).toBe(false);
    expect(API_KEY.isWellFormed(access)).toBe(false);
    expect(OAUTH_SECRETS.access.isWellFormed(API_KEY.generate().value)).toBe(false);
  });
});
