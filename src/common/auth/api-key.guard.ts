import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError, InsufficientScopeError } from '../errors/api-errors';
import { AccountRateLimiter } from '../rate-limit/account-rate-limiter';
import { AccessTokenAuthenticator } from './access-token-authenticator';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ACCEPTS_ACCESS_TOKENS, NO_SCOPE_NEEDED, PUBLIC_ROUTE, REQUIRED_SCOPE, SCOPE_PER_OPERATION, scopeAllows } from './auth.decorators';
import type { Scope } from './scopes';

const FAILURE_MESSAGES = {
  missing: 'Missing API key: send Authorization: Bearer <key>',
  invalid: 'Invalid API key',
  expired: 'API key expired',
  revoked: 'API key revoked',
} as const;

/** The challenge of a 401 to an API key. */
export const API_KEY_CHALLENGE = 'Bearer realm="career-api"';

/** Failed key lookups an address may make in a minute (times RATE_LIMIT_SCALE) before its keys are not looked up. */
export const KEY_FAILURES = { perMinute: 30, windowMs: 60_000, addressesKept: 10_000 };

/** The same reasons for an OAuth access token, on the routes that take one. */
const ACCESS_TOKEN_MISSING = 'Missing credentials: send Authorization: Bearer <API key or OAuth access token>';
const ACCESS_TOKEN_FAILURE_MESSAGES = {
  invalid: 'Invalid API key or access token',
  expired: 'Access token expired',
  revoked: 'Access token revoked',
  'plan-required': 'OAuth access requires the Plus plan',
} as const;

/**
 * Global and deny-by-default: every route needs a valid key unless marked `@Public()`, and the key must hold the
 * route's `@Scopes(...)`. (The route-declarations check refuses to boot when a route declares neither.) Routes marked
 * `@AcceptsAccessTokens()` also take an OAuth access token, checked through its own port.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  /** Addresses over KEY_FAILURES, until when (Unix ms). */
  private readonly refusedAddresses = new Map<string, number>();

  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyAuthenticator,
    private readonly accessTokens: AccessTokenAuthenticator,
    private readonly limiter: AccountRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const takesAccessTokens = this.reflector.getAllAndOverride<boolean>(ACCEPTS_ACCESS_TOKENS, targets) === true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) this.refuse(request, response, takesAccessTokens, takesAccessTokens ? ACCESS_TOKEN_MISSING : FAILURE_MESSAGES.missing);
    this.refuseAddressOverFailures(request);
    const byKey = await this.apiKeys.authenticate(match[1]);
    // A token that is no API key may be an OAuth access token where the route takes one.
    const byToken = takesAccessTokens && 'failure' in byKey && byKey.failure === 'invalid';
    const authentication = byToken ? await this.accessTokens.authenticate(match[1], request) : byKey;
    if ('failure' in authentication) {
      const { failure } = authentication;
      if (failure === 'plan-required') throw new ApiError(HttpStatus.FORBIDDEN, ACCESS_TOKEN_FAILURE_MESSAGES[failure]);
      await this.countFailure(request);
      this.refuse(request, response, takesAccessTokens, (byToken ? ACCESS_TOKEN_FAILURE_MESSAGES : FAILURE_MESSAGES)[failure]);
    }

    const requiredScope = this.reflector.getAllAndOverride<Scope | typeof SCOPE_PER_OPERATION | typeof NO_SCOPE_NEEDED | undefined>(REQUIRED_SCOPE, targets);
    if (requiredScope !== SCOPE_PER_OPERATION && (!requiredScope || !scopeAllows(authentication.caller.scopes, requiredScope))) {
      throw new InsufficientScopeError(requiredScope);
    }
    request.caller = authentication.caller;
    return true;
  }

  /**
   * An address whose key lookups failed KEY_FAILURES.perMinute times in the last minute (counted in Redis, across
   * processes) is refused (429) before its key is looked up, so random keys cost no database read. Each process
   * remembers the addresses it saw go over, so the check costs the hot path no round trip. Behind a proxy, the
   * address is the client's only with TRUST_PROXY set.
   */
  private refuseAddressOverFailures(request: Request): void {
    const address = String(request.ip);
    const until = this.refusedAddresses.get(address);
    if (until === undefined) return;
    const left = until - Date.now();
    if (left <= 0) {
      this.refusedAddresses.delete(address);
      return;
    }
    throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', { retryAfter: Math.ceil(left / 1000) });
  }

  private async countFailure(request: Request): Promise<void> {
    const address = String(request.ip);
    const decision = await this.limiter.consume(`key-failures:${address}`, KEY_FAILURES.perMinute, KEY_FAILURES.windowMs, 'key-failures');
    if (!decision || decision.remaining > 0) return;
    if (this.refusedAddresses.size >= KEY_FAILURES.addressesKept) this.refusedAddresses.delete(this.refusedAddresses.keys().next().value as string);
    this.refusedAddresses.set(address, decision.resetAt);
  }

  /** A 401 whose challenge names this server's OAuth metadata where the route takes access tokens. */
  private refuse(request: Request, response: Response, takesAccessTokens: boolean, message: string): never {
    response.setHeader('WWW-Authenticate', takesAccessTokens ? this.accessTokens.challenge(request) : API_KEY_CHALLENGE);
    throw new ApiError(HttpStatus.UNAUTHORIZED, message);
  }
}
