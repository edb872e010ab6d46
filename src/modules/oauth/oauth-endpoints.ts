import { Injectable } from '@nestjs/common';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { createOAuthMetadata, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { json, NextFunction, Request, RequestHandler, Response, Router, urlencoded } from 'express';
import { SCOPES } from '../../common/auth/scopes';
import { setRetryAfter } from '../../common/errors/retry-after';
import { BodyRefusedError, refusal, unreadable } from '../../common/http/body-parser';
import { AccountRateLimiter } from '../../common/rate-limit/account-rate-limiter';
import { authorizationHandler } from './oauth-authorize';
import { checkRegistration } from './oauth-clients';
import { mcpResource, OAuthOrigin } from './oauth-origin';
import { OAuthProvider } from './oauth.provider';
import { OAuthService } from './oauth.service';

/** Per IP, in the shared Redis windows: registration is rare, the other endpoints a few calls per connection. */
export const OAUTH_LIMITS: Record<string, { limit: number; windowMs: number }> = {
  '/register': { limit: 20, windowMs: 3_600_000 },
  '/authorize': { limit: 60, windowMs: 60_000 },
  '/token': { limit: 60, windowMs: 60_000 },
  '/revoke': { limit: 60, windowMs: 60_000 },
};

/** The SDK's own limit for these bodies: a registration or a token request is a few hundred bytes. */
export const MAX_OAUTH_BODY_BYTES = 100 * 1024;
const parseJson = json({ limit: MAX_OAUTH_BODY_BYTES });
const parseForm = urlencoded({ extended: false, limit: MAX_OAUTH_BODY_BYTES, parameterLimit: 100 });

const WELL_KNOWN = '/.well-known/oauth-';
/** Origins seen without PUBLIC_URL are loopback only; a handful covers development, a bound keeps memory flat. */
const MAX_ORIGINS = 16;

/**
 * The OAuth endpoints, served by the MCP SDK's `mcpAuthRouter` with our provider, mounted on Express ahead of the
 * Nest routes: metadata (RFC 8414, RFC 9728), registration, authorize, token and revocation. One router per origin.
 */
@Injectable()
export class OAuthEndpoints {
  private readonly routers = new Map<string, RequestHandler>();

  constructor(
    private readonly oauth: OAuthService,
    private readonly origin: OAuthOrigin,
    private readonly limiter: AccountRateLimiter,
  ) {
    // A configured origin the SDK refuses (http on a public host) stops the service at start, not at first use.
    if (origin.configured) this.routerFor(origin.configured);
  }

  readonly handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (!Object.hasOwn(OAUTH_LIMITS, req.path) && !req.path.startsWith(WELL_KNOWN)) return next();
    const origin = this.origin.of(req);
    if (!origin) return next();
    this.routerFor(origin)(req, res, next);
  };

  private routerFor(origin: string): RequestHandler {
    const existing = this.routers.get(origin);
    if (existing) return existing;
    const provider = new OAuthProvider(this.oauth, origin);
    const issuerUrl = new URL(origin);
    const resource = mcpResource(origin);
    const documentation = new URL('/docs', origin);
    // The SDK's metadata, but naming only public clients (no secrets are issued) and every scope of the API.
    const metadata: OAuthMetadata = {
      ...createOAuthMetadata({ provider, issuerUrl, serviceDocumentationUrl: documentation, scopesSupported: [...SCOPES] }),
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
    };
    // No scopes_supported here: MCP clients would ask for all of them, where an app that names none is offered reading.
    const protectedResource: OAuthProtectedResourceMetadata = {
      resource,
      authorization_servers: [issuerUrl.href],
      bearer_methods_supported: ['header'],
      resource_name: 'Career API',
      resource_documentation: documentation.href,
    };
    const router = Router();
    router.use(this.limit);
    router.post(Object.keys(OAUTH_LIMITS), readBody);
    router.use('/authorize', authorizationHandler(provider));
    router.use('/.well-known/oauth-authorization-server', metadataHandler(metadata));
    router.use('/.well-known/oauth-protected-resource/mcp', metadataHandler(protectedResource));
    router.use('/.well-known/oauth-protected-resource', metadataHandler(protectedResource));
    router.use(
      mcpAuthRouter({
        provider,
        issuerUrl,
        resourceServerUrl: new URL(resource),
        serviceDocumentationUrl: documentation,
        resourceName: 'Career API',
        // Limits are counted in Redis (below), shared by every process, instead of each process's memory.
        authorizationOptions: { rateLimit: false },
        tokenOptions: { rateLimit: false },
        revocationOptions: { rateLimit: false },
        clientRegistrationOptions: { rateLimit: false },
      }),
    );
    if (this.routers.size >= MAX_ORIGINS) this.routers.delete(this.routers.keys().next().value as string);
    this.routers.set(origin, router);
    return router;
  }

  private readonly limit: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (!Object.hasOwn(OAUTH_LIMITS, req.path)) return next();
    const limits = OAUTH_LIMITS[req.path];
    const route = `oauth${req.path}`;
    this.limiter
      .consume(`oauth-ip:${req.ip}:${req.path}`, limits.limit, limits.windowMs, route)
      .then((decision) => {
        if (!decision || decision.allowed) return next();
        setRetryAfter(res, decision.retryAfter);
        res.status(429).json({ error: 'too_many_requests', error_description: `Too many requests; retry in ${decision.retryAfter} s` });
      })
      .catch(next);
  };
}

/** The OAuth error body (RFC 6749 §5.2, RFC 7591 §3.2.2) of a body refused before the SDK reads it. */
function refuseBody(res: Response, refused: BodyRefusedError, error: string): void {
  const body = refused.getResponse() as { error: string; details?: Record<string, string[]> };
  const [field, messages] = Object.entries(body.details ?? {})[0] ?? [];
  res.status(refused.getStatus()).json({ error, error_description: field ? `${field} ${messages[0]}` : body.error });
}

/**
 * Reads the body of `/register` (JSON) and of `/token`, `/revoke` and `/authorize` (forms) before the SDK does (its
 * parsers then find it read), so that what it cannot take answers in OAuth's shape instead of a 500: past 100 KB a
 * 413, malformed a 400. A registration meets its rules (`checkRegistration`) before the SDK's schema; then text
 * PostgreSQL cannot store (NUL, lone surrogates), prototype keys or nesting past `MAX_BODY_DEPTH` (a `jwks` thousands
 * deep) answer 400, `invalid_client_metadata` at `/register` and `invalid_request` elsewhere.
 */
function readBody(req: Request, res: Response, next: NextFunction): void {
  const registration = req.path === '/register';
  (registration ? parseJson : parseForm)(req, res, (error?: unknown) => {
    if (error) {
      const refused = unreadable(req, error as { type?: string }, { maxBytes: MAX_OAUTH_BODY_BYTES, kind: 'JSON' });
      // A client that hung up has no one to answer.
      if (refused instanceof BodyRefusedError) refuseBody(res, refused, 'invalid_request');
      return;
    }
    const body: unknown = req.body;
    if (typeof body !== 'object' || body === null) return next();
    try {
      if (registration) checkRegistration(body as Record<string, unknown>);
    } catch (refused) {
      if (!(refused instanceof OAuthError)) return next(refused);
      res.status(400).json(refused.toResponseObject());
      return;
    }
    const refused = refusal(body);
    if (refused) return refuseBody(res, refused, registration ? 'invalid_client_metadata' : 'invalid_request');
    next();
  });
}
