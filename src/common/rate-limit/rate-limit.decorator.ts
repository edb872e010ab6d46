import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { TooManyRequestsBody } from '../errors/error-body.dto';

/**
 * The one place a route's limit is stored: a number of requests per minute per account, or the description of the
 * limits a route applies inside itself (the MCP endpoint). The throttler guard, the MCP tools (which count against
 * their `/v1` twin) and the start-up route check all read it from here.
 */
export const RATE_LIMIT = 'rate-limit:per-minute';
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** The default limits per minute, by kind of call; exceptions pass their own number. */
export const DEFAULT_LIMITS = { list: 60, read: 30, create: 20, update: 20, delete: 10 } as const;

/**
 * Whom the throttler counts a request for: the key's account, or on a `@Public()` route, which has no account, the
 * client's address. The guard decides by whether the request has a caller; this only says it in Swagger.
 */
export type RateLimitSubject = 'account' | 'client address';

/** Requests per minute per account on this route (sliding window), enforced by the account throttler, shown in Swagger. */
export const RateLimit = (perMinute: number, per: RateLimitSubject = 'account') =>
  applyDecorators(
    SetMetadata(RATE_LIMIT, perMinute),
    ApiExtension('x-rate-limit', { limit: perMinute, window: '1m', per }),
    ApiTooManyRequestsResponse({ description: `More than ${perMinute} requests in the last minute from this ${per}`, type: TooManyRequestsBody }),
  );

/** A route that applies limits of its own instead of one per-account `/v1` limit (the MCP endpoint). */
export const OwnRateLimits = (description: string) =>
  applyDecorators(
    SetMetadata(RATE_LIMIT, description),
    ApiExtension('x-rate-limit', { description }),
    ApiTooManyRequestsResponse({ description, type: TooManyRequestsBody }),
  );

/** The route's `@RateLimit(n)`; undefined for public routes and for those with `@OwnRateLimits()`. */
export function perMinuteLimit(controller: object, handler: object): number | undefined {
  const declared: unknown = Reflect.getMetadata(RATE_LIMIT, handler) ?? Reflect.getMetadata(RATE_LIMIT, controller);
  return typeof declared === 'number' ? declared : undefined;
}
