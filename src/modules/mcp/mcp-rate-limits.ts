import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiCaller } from '../../common/auth/api-caller';
import { AccountRateLimiter, RateLimitDecision, tooManyRequests } from '../../common/rate-limit/account-rate-limiter';

/**
 * `/mcp`'s own limits: 100 requests per 10 s per IP, and 60 per minute per client: the API key, or the OAuth client
 * (counted per account it acts for, so that one app's users do not share a budget).
 */
export const MCP_LIMITS = {
  perIp: { limit: 100, windowMs: 10_000 },
  perClient: { limit: 60, windowMs: 60_000 },
} as const;

@Injectable()
export class McpRateLimits {
  constructor(private readonly limiter: AccountRateLimiter) {}

  /** Counts the request in both windows, sends `RateLimit-*` headers of the tighter one, and refuses past either. */
  async check(request: Request, response: Response, caller: ApiCaller): Promise<void> {
    const decisions = (
      await Promise.all([
        this.limiter.consume(`mcp-ip:${request.ip}`, MCP_LIMITS.perIp.limit, MCP_LIMITS.perIp.windowMs, 'mcp:per-ip'),
        this.limiter.consume(clientBucket(caller), MCP_LIMITS.perClient.limit, MCP_LIMITS.perClient.windowMs, 'mcp:per-client'),
      ])
    ).filter((decision): decision is RateLimitDecision => decision !== undefined);
    if (decisions.length === 0) return;
    const refused = decisions.find((decision) => !decision.allowed);
    const tightest = refused ?? decisions.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    response.setHeader('RateLimit-Policy', `${MCP_LIMITS.perIp.limit};w=10, ${MCP_LIMITS.perClient.limit};w=60`);
    response.setHeader('RateLimit-Limit', tightest.limit);
    response.setHeader('RateLimit-Remaining', tightest.remaining);
    response.setHeader('RateLimit-Reset', tightest.retryAfter);
    if (refused) throw tooManyRequests(refused);
  }
}

function clientBucket(caller: ApiCaller): string {
  return caller.clientId ? `mcp-client:oauth:${caller.accountId}:${caller.clientId}` : `mcp-client:key:${caller.keyId}`;
}
