import { BullModule, InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, Module } from '@nestjs/common';
import type { Queue } from 'bull';
import { Gauge } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';

export const TAILORING_QUEUE = 'tailoring';

export interface TailoringJob {
  applicationId: string;
}

/**
 * A job whose worker died (a crash, a SIGKILL, a lost host) is still listed as active, and only Bull's stalled-job
 * check gives it back once the job's lock has run out: after up to lockDuration plus stalledInterval (36–90 s with
 * Bull's defaults; the spec says autoPrepare is "typically done within 30 seconds"). With these, a crashed job runs
 * again at most 15 s after the crash when a worker runs by then, and otherwise within 5 s of the next worker's start.
 * A running job's lock is renewed every 2.5 s, four times within its 10 s, so that a long job on a busy machine is
 * not taken for a crashed one and run twice.
 */
const TAILORING_JOB_LOCKS = { lockDuration: 10_000, lockRenewTime: 2_500, stalledInterval: 5_000 };
/** How long an enqueue may wait for Redis before the sweep is left to do it. */
const ENQUEUE_TIMEOUT_MS = 1_000;
/** How long a metrics scrape waits for the queue's job counts; the gauge keeps its last counts otherwise. */
const SCRAPE_TIMEOUT_MS = 500;

/**
 * Puts applications on the tailoring queue. The job id is the application id, so an application has at most one
 * job however often it is enqueued (by the create and by the sweep).
 */
@Injectable()
export class TailoringQueue {
  private readonly log = new Logger(TailoringQueue.name);

  constructor(
    @InjectQueue(TAILORING_QUEUE) private readonly queue: Queue<TailoringJob>,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Enqueues, or reports false when Redis does not answer in time; the application then waits for the sweep. */
  async enqueue(applicationId: string): Promise<boolean> {
    const options = {
      jobId: applicationId,
      attempts: this.config.tailoring.attempts,
      backoff: { type: 'exponential', delay: this.config.tailoring.retryDelayMs },
      removeOnComplete: true,
      removeOnFail: 100,
    };
    try {
      await withTimeout(this.queue.add({ applicationId }, options), ENQUEUE_TIMEOUT_MS);
      return true;
    } catch (error) {
      this.log.warn({ err: error, applicationId }, 'Could not enqueue tailoring; the sweep will retry');
      return false;
    }
  }

  /** Whether Redis takes jobs right now: autoPrepare refuses to start (503) rather than create work it cannot queue. */
  async isAvailable(): Promise<boolean> {
    const client = this.queue.client;
    if (client.status !== 'ready') return false;
    return withTimeout(client.ping(), ENQUEUE_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
  }

  /** Whether the application has a job that will still run (waiting, delayed, active or being retried). */
  async hasPendingJob(applicationId: string): Promise<boolean> {
    const job = await this.queue.getJob(applicationId);
    if (!job) return false;
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') {
      await job.remove();
      return false;
    }
    return true;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The queue's job counts as a gauge, read at scrape time; a scrape never waits long on Redis. Registered by the queue's
 * own module, so that metrics/ knows no feature.
 */
@Injectable()
export class TailoringQueueDepth {
  constructor(@InjectQueue(TAILORING_QUEUE) queue: Queue<TailoringJob>, metrics: MetricsService) {
    new Gauge({
      name: 'tailoring_queue_jobs',
      help: 'Tailoring jobs on the queue, by state',
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      async collect() {
        const counts = await withTimeout(queue.getJobCounts(), SCRAPE_TIMEOUT_MS).catch(() => undefined);
        if (!counts) return;
        for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
      },
    });
  }
}

@Module({
  imports: [BullModule.registerQueue({ name: TAILORING_QUEUE, settings: TAILORING_JOB_LOCKS })],
  providers: [TailoringQueue, TailoringQueueDepth],
  exports: [TailoringQueue, BullModule],
})
export class TailoringQueueModule {}
