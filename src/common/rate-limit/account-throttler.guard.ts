import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerGuard, ThrottlerModuleOptions, ThrottlerRequest, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AccountRateLimiter, tooManyRequests } from './account-rate-limiter';

/**
 * The throttler of every `/v1` route: @nestjs/throttler resolves the route's `@RateLimit(n)`, and the count is
 * kept per account (all its keys together) and per route in Redis, so every service process shares one count.
 */
@Injectable()
export class AccountThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly limiter: AccountRateLimiter,
  ) {
    super(options, storage, reflector);
  }

  protected async handleRequest({ context, limit, ttl }: ThrottlerRequest): Promise<boolean> {
    const { req, res } = this.getRequestResponse(context) as { req: Request; res: Response };
    const route = AccountRateLimiter.routeName(context.getClass(), context.getHandler().name);
    const bucket = AccountRateLimiter.routeBucket(req.caller?.accountId ?? req.ip ?? 'anonymous', route);
    const decision = await this.limiter.consume(bucket, limit, ttl, route);
    if (!decision) return true;
    res.setHeader('X-RateLimit-Limit', decision.limit);
    res.setHeader('X-RateLimit-Remaining', decision.remaining);
    res.setHeader('X-RateLimit-Reset', decision.resetAt);
    if (!decision.allowed) {
      res.setHeader('Retry-After', decision.retryAfter);
      throw tooManyRequests(decision);
    }
    return true;
  }
}
