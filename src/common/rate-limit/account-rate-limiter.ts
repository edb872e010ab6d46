import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { ApiError } from '../errors/api-errors';
import { MetricsService } from '../metrics/metrics.service';
import { SlidingWindowStorage } from './sliding-window.storage';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix ms at which one more request becomes available. */
  resetAt: number;
  /** Whole seconds until then (at least 1). */
  retryAfter: number;
}

/**
 * Counts requests against named buckets in Redis, with RATE_LIMIT_SCALE applied. Used by the `/v1` throttler and
 * by the MCP endpoint (whose tools count against their `/v1` twin's bucket). When Redis cannot answer it fails
 * open: the request is served, logged and counted.
 */
@Injectable()
export class AccountRateLimiter {
  private readonly log = new Logger(AccountRateLimiter.name);

  constructor(
    private readonly windows: SlidingWindowStorage,
    @InjectConfig() private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /** The bucket of a `/v1` route for one account: every key of the account shares it. */
  static routeBucket(accountId: string, route: string): string {
    return `${accountId}:${route}`;
  }

  /** A `/v1` route's name in buckets and metrics: `TrackerController.create`. */
  static routeName(controller: { name: string }, handler: string): string {
    return `${controller.name}.${handler}`;
  }

  /** `route` names the limit in metrics (bucket names hold account ids). */
  async consume(bucket: string, limit: number, windowMs: number, route: string): Promise<RateLimitDecision | undefined> {
    const scaledLimit = Math.max(1, Math.round(limit * this.config.limits.rateLimitScale));
    try {
      const hit = await this.windows.hit(bucket, scaledLimit, windowMs);
      if (!hit.allowed) this.metrics.rateLimitRejections.inc({ route });
      return {
        allowed: hit.allowed,
        limit: scaledLimit,
        remaining: Math.max(0, scaledLimit - hit.count),
        resetAt: hit.resetAt,
        retryAfter: Math.max(1, Math.ceil((hit.resetAt - hit.now) / 1000)),
      };
    } catch (error) {
      this.metrics.rateLimitFailOpen.inc();
      this.log.warn({ err: error }, 'Rate limiter unavailable; serving the request without a limit check');
      return undefined;
    }
  }
}

export function tooManyRequests(decision: RateLimitDecision): ApiError {
  return new ApiError(HttpStatus.TOO_MANY_REQUESTS, 'Too many requests', { retryAfter: decision.retryAfter });
}
