import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { WEBHOOKS_QUEUE, WebhookDrainJob } from './webhooks-queue';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** Endpoints a worker process sends to at the same time (each endpoint one delivery at a time). */
const CONCURRENT_ENDPOINTS = 8;

/**
 * Runs the delivery queue's jobs. Registered by hand rather than with `@Process()`, for the reason the tailoring
 * processor gives: `queue.process()` answers a promise that rejects when the app closes while Bull is still
 * connecting, and @nestjs/bull would leave it unhandled.
 */
@Injectable()
export class WebhookDeliveryProcessor implements OnModuleInit {
  private readonly log = new Logger(WebhookDeliveryProcessor.name);

  constructor(
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookDrainJob>,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  onModuleInit(): void {
    this.queue
      .process(CONCURRENT_ENDPOINTS, (job: Job<WebhookDrainJob>) => this.drain(job))
      .catch((error: Error) => this.log.warn({ err: error }, 'The webhooks queue stopped'));
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
