import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../../common/concurrency/periodic-task';
import { TrackerService } from './tracker.service';

/** How often due follow-ups are looked for: an event arrives at most this late after its followUpAt. */
const SWEEP_INTERVAL_MS = 60 * 1000;
const SWEEP_BATCH = 100;

/**
 * Announces follow-ups as they come due (`application.follow_up_due`), at start and then every minute. Every process
 * that runs the tracker sweeps; the row locks and the announced date in the database (not in any process) keep each
 * due date to one event across restarts and processes.
 */
@Injectable()
export class FollowUpSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(FollowUpSweep.name);
  private readonly task = new PeriodicTask(() => this.announceDue());

  constructor(private readonly tracker: TrackerService) {}

  onApplicationBootstrap(): void {
    this.task.start(SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Answers how many follow-ups it announced. */
  sweep(): Promise<number> {
    return this.task.run();
  }

  private async announceDue(): Promise<number> {
    let announced = 0;
    try {
      let batch: number;
      do {
        batch = await this.tracker.announceDueFollowUps(SWEEP_BATCH);
        announced += batch;
      } while (batch === SWEEP_BATCH);
    } catch (error) {
      this.log.warn({ err: error }, 'Follow-up sweep failed; it runs again at the next interval');
    }
    return announced;
  }
}
