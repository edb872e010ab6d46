import { Injectable } from '@nestjs/common';
import { inBatches, Sweep } from '../../common/concurrency/sweep';
import { TrackerService } from './tracker.service';

const SWEEP_BATCH = 100;

/**
 * Announces follow-ups as they come due (`application.follow_up_due`), at start and then every minute, so an event
 * arrives at most a minute after its followUpAt. Every process that runs the tracker sweeps; the row locks and the
 * announced date in the database (not in any process) keep each due date to one event across restarts and processes.
 */
@Injectable()
export class FollowUpSweep extends Sweep {
  protected readonly intervalMs = 60 * 1000;

  constructor(private readonly tracker: TrackerService) {
    super('Follow-up sweep');
  }

  /** Answers how many follow-ups it announced. */
  protected runOnce(): Promise<number> {
    return inBatches(SWEEP_BATCH, (size) => this.tracker.announceDueFollowUps(size));
  }
}
