import { DynamicModule, Module } from '@nestjs/common';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsModule } from './common/metrics/metrics.module';
import { QueueModule } from './common/queue/queue.module';
import { RedisModule } from './common/redis/redis.module';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/configuration';
import { DatabaseModule } from './database/database.module';
import { TailoringModule } from './modules/tailoring/tailoring.module';
import { TrackerModule } from './modules/tracker/tracker.module';
import { WebhookDeliveryModule } from './modules/webhooks/webhook-delivery.module';

/** A process that only runs the queues (`npm run start:worker`): it tailors resumes and delivers webhooks, apart from the API. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        MetricsModule,
        DatabaseModule,
        RedisModule,
        QueueModule,
        TailoringModule.forRoot(TrackerModule),
        WebhookDeliveryModule,
      ],
    };
  }
}
