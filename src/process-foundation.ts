import type { DynamicModule, Type } from '@nestjs/common';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsModule } from './common/metrics/metrics.module';
import { QueueModule } from './common/queue/queue.module';
import { RedisModule } from './common/redis/redis.module';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/configuration';
import { DatabaseModule } from './database/database.module';

/**
 * What every process runs on, the API and the worker alike, listed once so that both get what is added here.
 * A list spread into each root module's imports rather than a module of its own: the API's guards and filter, which
 * the root module provides, keep seeing these modules' exports, and start-up order stays as it was.
 */
export function processFoundation(config: AppConfig): (Type | DynamicModule)[] {
  return [ConfigModule.forRoot(config), LoggingModule, MetricsModule, DatabaseModule, RedisModule, QueueModule];
}
