import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ApiError } from '../errors/api-errors';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { PUBLIC_ROUTE, REQUIRED_SCOPE, SCOPE_PER_OPERATION } from './auth.decorators';
import type { Scope } from './scopes';

const FAILURE_MESSAGES = {
  missing: 'Missing API key: send Authorization: Bearer <key>',
  invalid: 'Invalid API key',
  expired: 'API key expired',
  revoked: 'API key revoked',
} as const;

/**
 * Global and deny-by-default: every route needs a valid key unless marked `@Public()`, and the key must hold the
 * route's `@Scopes(...)`. (The route-declarations check refuses to boot when a route declares neither.)
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeyAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) return true;

    const request = context.switchToHttp().getRequest<Request>();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    const authentication = match ? await this.apiKeys.authenticate(match[1]) : { failure: 'missing' as const };
    if ('failure' in authentication) {
      context.switchToHttp().getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="career-api"');
      throw new ApiError(HttpStatus.UNAUTHORIZED, FAILURE_MESSAGES[authentication.failure]);
    }

    const requiredScope = this.reflector.getAllAndOverride<Scope | typeof SCOPE_PER_OPERATION | undefined>(REQUIRED_SCOPE, targets);
    if (requiredScope !== SCOPE_PER_OPERATION && (!requiredScope || !authentication.caller.scopes.includes(requiredScope))) {
      throw new ApiError(HttpStatus.FORBIDDEN, 'Insufficient scope', { requiredScope });
    }
    request.caller = authentication.caller;
    return true;
  }
}
