import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { MetricsService } from '../../common/metrics/metrics.service';
import { TAILORING_QUEUE, TailoringJob } from './tailoring-queue';
import { TailoringService } from './tailoring.service';

/**
 * Runs tailoring jobs; Bull retries a failed one with backoff, and after the last attempt the application is released.
 * It registers itself rather than through @nestjs/bull's `@Process()`, which drops the promise `queue.process()`
 * returns: when the app closes while the queue is still connecting (a start that failed, a SIGTERM during start-up),
 * that promise rejects with "Connection is closed." and nothing would handle it.
 */
@Injectable()
export class TailoringProcessor implements OnModuleInit {
  private readonly log = new Logger(TailoringProcessor.name);

  constructor(
    @InjectQueue(TAILORING_QUEUE) private readonly queue: Queue<TailoringJob>,
    private readonly tailoring: TailoringService,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
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
