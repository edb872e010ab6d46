import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { EventsPage, ListEventsQuery } from './dto/event.dto';
import { EventsRepository } from './events.repository';

/** How often expired events are deleted. */
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

@Injectable()
export class EventsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(EventsService.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly events: EventsRepository) {}

  list(caller: ApiCaller, query: ListEventsQuery): Promise<EventsPage> {
    return this.events.list(caller, query);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.deleteExpired(), RETENTION_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
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
