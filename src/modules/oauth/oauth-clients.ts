import { CustomOAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Schemes a redirect must never use: they run or read something in the browser instead of reaching an app. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:']);

/**
 * Registration's rules for redirect URIs: `https`, `http` only to a loopback host (a native app's local listener),
 * or an app's own scheme (`cursor://…`); never a fragment.
 */
export function checkRedirectUris(uris: string[]): void {
  for (const uri of uris) {
    const url = URL.canParse(uri) ? new URL(uri) : undefined;
    const reason = !url
      ? 'is not a URL'
      : url.hash
        ? 'must not have a fragment'
        : url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)
          ? 'may use http only for a loopback host (localhost, 127.0.0.1, [::1]); use https'
          : FORBIDDEN_SCHEMES.has(url.protocol)
            ? `must not use ${url.protocol}`
            : undefined;
    if (reason) throw new CustomOAuthError('invalid_redirect_uri', `redirect_uri ${uri} ${reason}`);
  }
}
