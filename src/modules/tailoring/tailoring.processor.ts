import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { MetricsService } from '../../common/metrics/metrics.service';
import { TAILORING_QUEUE, TailoringJob } from './tailoring-queue';
import { TailoringService } from './tailoring.service';

/**
 * Runs tailoring jobs; Bull retries a failed one with backoff, and after the last attempt the application is released.
 * It starts taking jobs once the app has started (bootstrap), not as modules initialise as @nestjs/bull's `@Process()`
 * does: Bull names the worker's connection (CLIENT SETNAME) without handling a failure, so an app that closed while
 * that connection was still opening (a start refused by a start-up check) left "Connection is closed." unhandled. It
 * also handles the promise `queue.process()` returns, which `@Process()` drops.
 */
@Injectable()
export class TailoringProcessor implements OnApplicationBootstrap {
  private readonly log = new Logger(TailoringProcessor.name);

  constructor(
    @InjectQueue(TAILORING_QUEUE) private readonly queue: Queue<TailoringJob>,
    private readonly tailoring: TailoringService,
    private readonly metrics: MetricsService,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.on('failed', (job: Job<TailoringJob>, error: Error) => void this.failed(job, error));
    this.queue.process((job) => this.tailor(job)).catch((error: Error) => this.log.warn({ err: error }, 'The tailoring queue stopped'));
  }

  async tailor(job: Job<TailoringJob>): Promise<void> {
    const stopTimer = this.metrics.tailoringJobDuration.startTimer();
    try {
      await this.tailoring.tailor(job.data.applicationId);
      stopTimer({ outcome: 'done' });
    } catch (error) {
      stopTimer({ outcome: 'failed' });
      throw error;
    }
  }

  async failed(job: Job<TailoringJob>, error: Error): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    this.log.warn({ err: error, applicationId: job.data.applicationId, attempt: job.attemptsMade, attempts }, 'Tailoring attempt failed');
    try {
      if (job.attemptsMade >= attempts) await this.tailoring.giveUp(job.data.applicationId, error.message);
    } catch (giveUpError) {
      // The sweep finds the application still pending and tries again; an event handler has no caller to throw to.
      this.log.warn({ err: giveUpError, applicationId: job.data.applicationId }, 'Could not release the application after its last attempt');
    }
  }
}
