import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { MetricsService } from '../../common/metrics/metrics.service';
import { processJobs } from '../../common/queue/process-jobs';
import { TAILORING_QUEUE, TailoringJob } from './tailoring-queue';
import { TailoringService } from './tailoring.service';

/** Runs tailoring jobs, one at a time; Bull retries a failed one with backoff, and after the last attempt the application is released. */
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
    processJobs(this.queue, 1, (job) => this.tailor(job), this.log);
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
