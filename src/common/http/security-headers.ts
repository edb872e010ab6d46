import type { RequestHandler } from 'express';
import helmet, { HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;

/**
 * Every answer but the docs': the pages load nothing from elsewhere and run only our own script; JSON answers load
 * nothing at all. No `form-action`: Chrome applies it to the redirects after a post, and OAuth's consent post
 * redirects to the app. No `upgrade-insecure-requests`: development runs over http.
 */
const SITE_POLICY: Directives = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Swagger UI's page starts itself with an inline script and styles its parts inline. */
const DOCS_POLICY: Directives = {
  ...SITE_POLICY,
  'script-src': ["'self'", "'unsafe-inline'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
};

const DOCS_PATH = /^\/docs(\/|$)/;

/** HSTS a year long, on this host only: the deployment's other hosts are not ours to commit to HTTPS. */
const HSTS = { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false };

/**
 * Helmet's headers on every answer (`/v1`, `/mcp`, `/docs`, the pages, OAuth): never framed (CSP frame-ancestors and
 * X-Frame-Options), `nosniff`, a same-origin referrer, and HSTS only behind a TLS-terminating proxy (`behindTls`,
 * from TRUST_PROXY): over plain http a browser ignores it, and a direct deployment may serve no https at all.
 * Cross-Origin-Opener-Policy is left out: an OAuth client that opens the consent page in a popup needs its opener.
 */
export function securityHeaders(behindTls: boolean): RequestHandler {
  const options = (directives: Directives): HelmetOptions => ({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: behindTls ? HSTS : false,
  });
  const site = helmet(options(SITE_POLICY));
  const docs = helmet(options(DOCS_POLICY));
  return (req, res, next) => (DOCS_PATH.test(req.path) ? docs : site)(req, res, next);
}
