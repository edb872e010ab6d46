import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { TAILORING_QUEUE } from '../../modules/tailoring/tailoring-queue';
import { MetricsService } from './metrics.service';

/** Reads the tailoring queue's job counts into the gauge at scrape time; a scrape never waits long on Redis. */
@Injectable()
export class QueueDepth {
  constructor(
    @InjectQueue(TAILORING_QUEUE) private readonly queue: Queue,
    private readonly metrics: MetricsService,
  ) {}

  async update(): Promise<void> {
    const counts = await Promise.race([
      this.queue.getJobCounts(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 500).unref()),
    ]).catch(() => undefined);
    if (!counts) return;
    for (const [state, count] of Object.entries(counts)) this.metrics.tailoringQueueDepth.set({ state }, count);
  }
}
