import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { processJobs } from '../../common/queue/process-jobs';
import { WEBHOOKS_QUEUE, WebhookDrainJob } from './webhooks-queue';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** Endpoints a worker process sends to at the same time (each endpoint one delivery at a time). */
const CONCURRENT_ENDPOINTS = 8;

/** Runs the delivery queue's jobs. */
@Injectable()
export class WebhookDeliveryProcessor implements OnModuleInit {
  private readonly log = new Logger(WebhookDeliveryProcessor.name);

  constructor(
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookDrainJob>,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  onModuleInit(): void {
    processJobs(this.queue, CONCURRENT_ENDPOINTS, (job) => this.drain(job), this.log);
  }

  /** A failed drain is not retried by Bull: what it did not send stays pending, and the sweep enqueues it again. */
  async drain(job: Job<WebhookDrainJob>): Promise<void> {
    try {
      await this.delivery.drain(job.data.endpointId);
    } catch (error) {
      this.log.warn({ err: error, endpointId: job.data.endpointId }, 'Sending webhook deliveries failed; the sweep retries');
    }
  }
}
