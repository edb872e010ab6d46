import { Module } from '@nestjs/common';
import { EventsController } from './events.controller';
import { EventsOutbox } from './events-outbox';
import { EventsRepository } from './events.repository';
import { EventsRetention, EventsService } from './events.service';

/**
 * The account's events (the outbox): features record them with EventsOutbox in their own transactions; clients read
 * them at `GET /v1/events`; the webhooks module delivers them. Imports no feature, so every feature may import it.
 */
@Module({
  controllers: [EventsController],
  providers: [EventsOutbox, EventsRepository, EventsService, EventsRetention],
  exports: [EventsOutbox, EventsRepository, EventsService],
})
export class EventsModule {}
