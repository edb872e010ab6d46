import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { redisConnection } from '../redis/redis-connection';

/** Bull's connections: the service's Redis (or its Sentinel-named master), under the service's key prefix. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ redis: redisConnection(config.redis), prefix: `${config.redis.prefix}bull` }),
    }),
  ],
})
export class QueueModule {}
