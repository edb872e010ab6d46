import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookRelay } from './webhook-relay';
import { WebhooksQueueModule } from './webhooks-queue';

/** The sending side of webhooks: the relay and the queue's processor. Loaded by the API (WEBHOOKS_WORKER=inline) or the worker process. */
@Module({
  imports: [WebhooksQueueModule, EventsModule],
  providers: [WebhookDeliveriesRepository, WebhookDeliveryService, WebhookDeliveryProcessor, WebhookRelay],
})
export class WebhookDeliveryModule {}
