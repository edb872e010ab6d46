import { Injectable } from '@nestjs/common';
import { Sweep } from '../../common/concurrency/sweep';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { TailoringApplications } from './tailoring-applications';
import { TailoringQueue } from './tailoring-queue';

/**
 * No tailoring stays pending forever: at start and then periodically, an application whose tailoring has been
 * pending longer than TAILORING_SWEEP_AFTER_MS without a job (its enqueue was lost, e.g. Redis was down) is enqueued
 * again. Only a pending tailoring is swept: `preparing` set by hand, or a tailoring that has run, is left alone.
 */
@Injectable()
export class TailoringSweep extends Sweep {
  constructor(
    private readonly applications: TailoringApplications,
    private readonly queue: TailoringQueue,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    super('Tailoring sweep');
  }

  protected get intervalMs(): number {
    return this.config.tailoring.sweepIntervalMs;
  }

  /** Answers how many applications it enqueued again. */
  protected async runOnce(): Promise<number> {
    let requeued = 0;
    for (const applicationId of await this.applications.tailoringPendingSince(this.config.tailoring.sweepAfterMs)) {
      if (await this.queue.hasPendingJob(applicationId)) continue;
      if (await this.queue.enqueue(applicationId)) requeued += 1;
    }
    if (requeued > 0) this.log.log(`Enqueued ${requeued} application(s) whose tailoring job was missing`);
    return requeued;
  }
}
