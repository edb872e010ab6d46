import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { SkipThrottle, Throttle } from '@nestjs/throttler';
import { TooManyRequestsBody } from '../errors/error-body.dto';

export const RATE_LIMIT = 'rate-limit:per-minute';
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The default limits per minute, by kind of call; exceptions pass their own number. */
export const DEFAULT_LIMITS = { list: 60, read: 30, create: 20, update: 20, delete: 10 } as const;

/** Requests per minute per account on this route (sliding window), enforced by the account throttler, shown in Swagger. */
export const RateLimit = (perMinute: number) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT, perMinute),
    Throttle({ default: { limit: perMinute, ttl: RATE_LIMIT_WINDOW_MS } }),
    ApiExtension('x-rate-limit', { limit: perMinute, window: '1m', per: 'account' }),
    ApiTooManyRequestsResponse({ description: `More than ${perMinute} requests in the last minute from this account`, type: TooManyRequestsBody }),
  );

/** A route that applies limits of its own instead of one per-account `/v1` limit (the MCP endpoint). */
export const OwnRateLimits = (description: string) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT, description),
    SkipThrottle(),
    ApiExtension('x-rate-limit', { description }),
    ApiTooManyRequestsResponse({ description, type: TooManyRequestsBody }),
  );
