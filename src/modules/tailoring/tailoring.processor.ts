import { OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { MetricsService } from '../../common/metrics/metrics.service';
import { TAILORING_QUEUE, TailoringJob } from './tailoring-queue';
import { TailoringService } from './tailoring.service';

/** Runs tailoring jobs; Bull retries a failed one with backoff, and after the last attempt the application is released. */
@Processor(TAILORING_QUEUE)
export class TailoringProcessor {
  private readonly log = new Logger(TailoringProcessor.name);

  constructor(
    private readonly tailoring: TailoringService,
    private readonly metrics: MetricsService,
  ) {}

  @Process()
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

  @OnQueueFailed()
  async failed(job: Job<TailoringJob>, error: Error): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    this.log.warn({ err: error, applicationId: job.data.applicationId, attempt: job.attemptsMade, attempts }, 'Tailoring attempt failed');
    if (job.attemptsMade >= attempts) await this.tailoring.giveUp(job.data.applicationId, error.message);
  }
}
