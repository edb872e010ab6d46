import { Global, Module } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS_CLIENT } from '../redis/redis.module';
import { AccountRateLimiter } from './account-rate-limiter';
import { SlidingWindowStorage } from './sliding-window.storage';

/** The Redis sliding window and the limiter that counts against it; each route declares its own limit with `@RateLimit(n)`. */
@Global()
@Module({
  providers: [{ provide: SlidingWindowStorage, inject: [REDIS_CLIENT], useFactory: (redis: Redis) => new SlidingWindowStorage(redis) }, AccountRateLimiter],
  exports: [AccountRateLimiter],
})
export class RateLimitModule {}
