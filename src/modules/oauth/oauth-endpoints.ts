import { Injectable } from '@nestjs/common';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { createOAuthMetadata, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { SCOPES } from '../../common/auth/scopes';
import { AccountRateLimiter } from '../../common/rate-limit/account-rate-limiter';
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
        res.setHeader('Retry-After', decision.retryAfter);
        res.status(429).json({ error: 'too_many_requests', error_description: `Too many requests; retry in ${decision.retryAfter} s` });
      })
      .catch(next);
  };
}
