import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { redisConnection } from './redis-connection';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
export const InjectRedis = () => Inject(REDIS_CLIENT);

/**
 * The shared Redis connection. Commands fail fast while Redis is unreachable (no offline queue), so that callers
 * such as the rate limiter can fail open instead of hanging the request.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = new Redis({
          ...redisConnection(config.redis),
          keyPrefix: config.redis.prefix,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: 1_000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
        });
        // Connection errors surface in health and in the callers that fail open; ioredis retries by itself.
        const log = new Logger('Redis');
        let reported = false;
        redis.on('error', (error) => {
          if (!reported) log.warn(`Redis unavailable: ${error.message}`);
          reported = true;
        });
        redis.on('ready', () => {
          reported = false;
        });
        return redis;
      },
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
