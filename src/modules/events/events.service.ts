import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { Sweep } from '../../common/concurrency/sweep';
import { EventsPage, ListEventsQuery } from './dto/event.dto';
import { EventsRepository } from './events.repository';

@Injectable()
export class EventsService {
  constructor(private readonly events: EventsRepository) {}

  list(caller: ApiCaller, query: ListEventsQuery): Promise<EventsPage> {
    return this.events.list(caller, query);
  }
}

/** Deletes events past their retention, at start and every hour. */
@Injectable()
export class EventsRetention extends Sweep {
  protected readonly intervalMs = 60 * 60 * 1000;

  constructor(private readonly events: EventsRepository) {
    super('Deleting expired events');
  }

  protected async runOnce(): Promise<number> {
    const deleted = await this.events.deleteExpired();
    if (deleted > 0) this.log.log(`Deleted ${deleted} expired event(s)`);
    return deleted;
  }
}
