import { CustomOAuthError, InvalidClientMetadataError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** What one registration may hold: enough for any real app, little for a stranger to store or show. */
export const CLIENT_LIMITS = { redirectUris: 10, redirectUriLength: 2_000, clientNameLength: 100 } as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A URI as RFC 3986 writes it: printable ASCII, no spaces (a host in another script is written in punycode). */
const URI_CHARACTERS = /^[\x21-\x7e]+$/;
/** Controls (C0, C1) and the bidirectional formatting characters that reorder what a person reads of a name. */
const UNSHOWABLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * Why a redirect URI is refused, or undefined. Allowed: `https`; `http` only to a loopback host (a native app's
 * local listener, RFC 8252 §7.3); an app's own scheme only in reverse-domain form (`com.example.app:/callback`,
 * RFC 8252 §7.1), so that no scheme a system hands to another program (`ms-msdt:`, `search-ms:`, `file:`,
 * `javascript:`) is ever a destination. Never a user name or password, never a fragment. Checked at registration
 * and again before any redirect, as clients registered before these rules may hold others.
 */
export function redirectUriRefusal(uri: string): string | undefined {
  if (uri.length > CLIENT_LIMITS.redirectUriLength) return `is longer than ${CLIENT_LIMITS.redirectUriLength} characters`;
  if (!URI_CHARACTERS.test(uri)) return 'must be written in printable ASCII, without spaces or control characters';
  if (!URL.canParse(uri)) return 'is not an absolute URL';
  const url = new URL(uri);
  if (url.username || url.password) return 'must not carry a user name or password';
  if (uri.includes('#')) return 'must not have a fragment';
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return undefined;
  if (scheme === 'http') return LOOPBACK_HOSTS.has(url.hostname) ? undefined : 'may use http only for a loopback host (127.0.0.1, [::1], localhost); use https';
  if (!scheme.includes('.')) {
    return `must use https, http to a loopback host, or the app's own scheme in reverse-domain form (com.example.app:/callback), not ${scheme}:`;
  }
  return undefined;
}

/**
 * The registration's rules (RFC 7591 errors) for the fields this server keeps and shows: `redirect_uris` (1 to 10,
 * each allowed by `redirectUriRefusal`) and `client_name` (100 characters, nothing that hides or reorders text on
 * the consent page). Runs on the request body before the SDK's schema, so a refused redirect URI always answers
 * `invalid_redirect_uri`; what is not a string or a list of them is left to that schema.
 */
export function checkRegistration(metadata: Record<string, unknown>): void {
  const uris = metadata.redirect_uris;
  if (Array.isArray(uris)) {
    if (uris.length === 0) throw new InvalidClientMetadataError('redirect_uris must name at least one redirect URI');
    if (uris.length > CLIENT_LIMITS.redirectUris) {
      throw new InvalidClientMetadataError(`redirect_uris may name at most ${CLIENT_LIMITS.redirectUris} redirect URIs`);
    }
    uris.forEach((uri: unknown, index) => {
      const refused = typeof uri === 'string' ? redirectUriRefusal(uri) : undefined;
      if (refused) throw new CustomOAuthError('invalid_redirect_uri', `redirect_uris[${index}] ${refused}`);
    });
  }
  const name = metadata.client_name;
  if (typeof name === 'string') {
    if ([...name].length > CLIENT_LIMITS.clientNameLength) {
      throw new InvalidClientMetadataError(`client_name must be at most ${CLIENT_LIMITS.clientNameLength} characters`);
    }
    if (UNSHOWABLE.test(name)) throw new InvalidClientMetadataError('client_name must not contain control or bidirectional formatting characters');
  }
}
