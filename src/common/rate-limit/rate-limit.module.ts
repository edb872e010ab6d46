import { Global, Module } from '@nestjs/common';
import { AccountRateLimiter } from './account-rate-limiter';
import { ThrottlerModule } from '@nestjs/throttler';
import Redis from 'ioredis';
import { REDIS_CLIENT } from '../redis/redis.module';
import { RATE_LIMIT_WINDOW_MS } from './rate-limit.decorator';
import { SlidingWindowStorage } from './sliding-window.storage';

/** The Redis-backed throttler; each route declares its own limit with `@RateLimit(n)`. */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis) => ({
        throttlers: [{ name: 'default', limit: 20, ttl: RATE_LIMIT_WINDOW_MS }],
        storage: new SlidingWindowStorage(redis),
      }),
    }),
  ],
  providers: [AccountRateLimiter],
  exports: [ThrottlerModule, AccountRateLimiter],
})
export class RateLimitModule {}
