import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../../common/concurrency/periodic-task';
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
export class TailoringSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(TailoringSweep.name);
  private readonly task = new PeriodicTask(() => this.requeueOrphans());

  constructor(
    private readonly applications: TailoringApplications,
    private readonly queue: TailoringQueue,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.task.start(this.config.tailoring.sweepIntervalMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Answers how many applications it enqueued again. */
  sweep(): Promise<number> {
    return this.task.run();
  }

  private async requeueOrphans(): Promise<number> {
    let requeued = 0;
    try {
      for (const applicationId of await this.applications.tailoringPendingSince(this.config.tailoring.sweepAfterMs)) {
        if (await this.queue.hasPendingJob(applicationId)) continue;
        if (await this.queue.enqueue(applicationId)) requeued += 1;
      }
      if (requeued > 0) this.log.log(`Enqueued ${requeued} application(s) whose tailoring job was missing`);
    } catch (error) {
      this.log.warn({ err: error }, 'Tailoring sweep failed; it runs again at the next interval');
    }
    return requeued;
  }
}
