import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError } from '../errors/api-errors';
import { AccessTokenAuthenticator } from './access-token-authenticator';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { ACCEPTS_ACCESS_TOKENS, PUBLIC_ROUTE, REQUIRED_SCOPE, SCOPE_PER_OPERATION } from './auth.decorators';
import type { Scope } from './scopes';

const FAILURE_MESSAGES = {
  missing: 'Missing API key: send Authorization: Bearer <key>',
  invalid: 'Invalid API key',
  expired: 'API key expired',
  revoked: 'API key revoked',
} as const;

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
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyAuthenticator,
    private readonly accessTokens: AccessTokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const takesAccessTokens = this.reflector.getAllAndOverride<boolean>(ACCEPTS_ACCESS_TOKENS, targets) === true;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) this.refuse(request, response, takesAccessTokens, takesAccessTokens ? ACCESS_TOKEN_MISSING : FAILURE_MESSAGES.missing);
    const byKey = await this.apiKeys.authenticate(match[1]);
    // A token that is no API key may be an OAuth access token where the route takes one.
    const byToken = takesAccessTokens && 'failure' in byKey && byKey.failure === 'invalid';
    const authentication = byToken ? await this.accessTokens.authenticate(match[1], request) : byKey;
    if ('failure' in authentication) {
      const { failure } = authentication;
      if (failure === 'plan-required') throw new ApiError(HttpStatus.FORBIDDEN, ACCESS_TOKEN_FAILURE_MESSAGES[failure]);
      this.refuse(request, response, takesAccessTokens, (byToken ? ACCESS_TOKEN_FAILURE_MESSAGES : FAILURE_MESSAGES)[failure]);
    }

    const requiredScope = this.reflector.getAllAndOverride<Scope | typeof SCOPE_PER_OPERATION | undefined>(REQUIRED_SCOPE, targets);
    if (requiredScope !== SCOPE_PER_OPERATION && (!requiredScope || !authentication.caller.scopes.includes(requiredScope))) {
      throw new ApiError(HttpStatus.FORBIDDEN, 'Insufficient scope', { requiredScope });
    }
    request.caller = authentication.caller;
    return true;
  }

  /** A 401 whose challenge names this server's OAuth metadata where the route takes access tokens. */
  private refuse(request: Request, response: Response, takesAccessTokens: boolean, message: string): never {
    response.setHeader('WWW-Authenticate', takesAccessTokens ? this.accessTokens.challenge(request) : 'Bearer realm="career-api"');
    throw new ApiError(HttpStatus.UNAUTHORIZED, message);
  }
}
