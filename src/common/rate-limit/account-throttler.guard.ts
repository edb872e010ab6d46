import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountRateLimiter, tooManyRequests } from './account-rate-limiter';
import { perMinuteLimit, RATE_LIMIT_WINDOW_MS } from './rate-limit.decorator';

/**
 * The throttler of every `/v1` route: it reads the route's `@RateLimit(n)` and counts the request per account (all
 * its keys together) and per route in Redis, so every service process shares one count. Routes without a number
 * (`@Public()`, `@OwnRateLimits()`) are not counted here.
 */
@Injectable()
export class AccountThrottlerGuard implements CanActivate {
  constructor(private readonly limiter: AccountRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const perMinute = perMinuteLimit(context.getClass(), context.getHandler());
    if (perMinute === undefined) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const route = AccountRateLimiter.routeName(context.getClass(), context.getHandler().name);
    const bucket = AccountRateLimiter.routeBucket(req.caller?.accountId ?? req.ip ?? 'anonymous', route);
    const decision = await this.limiter.consume(bucket, perMinute, RATE_LIMIT_WINDOW_MS, route);
    if (!decision) return true;
    res.setHeader('X-RateLimit-Limit', decision.limit);
    res.setHeader('X-RateLimit-Remaining', decision.remaining);
    res.setHeader('X-RateLimit-Reset', decision.resetAt);
    if (!decision.allowed) throw tooManyRequests(decision);
    return true;
  }
}
