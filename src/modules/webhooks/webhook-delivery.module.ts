import { Module } from '@nestjs/common';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookRelay } from './webhook-relay';
import { WebhooksQueueModule } from './webhooks-queue';

/** The sending side of webhooks: the relay, each endpoint's sending, and the processor of the API's wakes. Loaded by the API (WEBHOOKS_WORKER=inline) or the worker process. */
@Module({
  imports: [WebhooksQueueModule],
  providers: [WebhookDeliveriesRepository, WebhookDeliveryService, WebhookDeliveryProcessor, WebhookRelay],
})
export class WebhookDeliveryModule {}
