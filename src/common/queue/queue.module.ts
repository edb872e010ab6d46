import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';

/** Bull's connection: the service's Redis, under the service's key prefix. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ url: config.redis.url, prefix: `${config.redis.prefix}bull` }),
    }),
  ],
})
export class QueueModule {}
