import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { WebhooksController } from './webhooks.controller';
import { WebhooksQueueModule } from './webhooks-queue';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** The account's webhook endpoints and their deliveries, as the API shows them. Sending is WebhookDeliveryModule's. */
@Module({
  imports: [WebhooksQueueModule, EventsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository],
  exports: [WebhooksService],
})
export class WebhooksModule {}
