import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { PeriodicTask } from '../../common/concurrency/periodic-task';
import { EventsPage, ListEventsQuery } from './dto/event.dto';
import { EventsRepository } from './events.repository';

/** How often expired events are deleted. */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

@Injectable()
export class EventsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(EventsService.name);
  private readonly retention = new PeriodicTask(() => this.deleteExpired());

  constructor(private readonly events: EventsRepository) {}

  list(caller: ApiCaller, query: ListEventsQuery): Promise<EventsPage> {
    return this.events.list(caller, query);
  }

  onApplicationBootstrap(): void {
    this.retention.start(RETENTION_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.retention.stop();
  }

  private async deleteExpired(): Promise<void> {
    try {
      const deleted = await this.events.deleteExpired();
      if (deleted > 0) this.log.log(`Deleted ${deleted} expired event(s)`);
    } catch (error) {
      this.log.warn({ err: error }, 'Deleting expired events failed; it runs again at the next interval');
    }
  }
}
