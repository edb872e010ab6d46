import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/configuration';
import { TailoringModule } from './modules/tailoring/tailoring.module';
import { TrackerModule } from './modules/tracker/tracker.module';
import { WebhookDeliveryModule } from './modules/webhooks/webhook-delivery.module';
import { processFoundation } from './process-foundation';

/** A process that only runs the queues (`npm run start:worker`): it tailors resumes and delivers webhooks, apart from the API. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [...processFoundation(config), TailoringModule.forRoot(TrackerModule), WebhookDeliveryModule],
    };
  }
}
