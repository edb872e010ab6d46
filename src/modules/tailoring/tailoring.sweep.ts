import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly applications: TailoringApplications,
    private readonly queue: TailoringQueue,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.config.tailoring.sweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Answers how many applications it enqueued again. */
  sweep(): Promise<number> {
    this.running ??= this.requeueOrphans().finally(() => (this.running = undefined));
    return this.running;
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
