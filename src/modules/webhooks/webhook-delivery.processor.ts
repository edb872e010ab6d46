import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { processJobs } from '../../common/queue/process-jobs';
import { WEBHOOKS_QUEUE, WebhookDrainJob } from './webhooks-queue';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * Takes the API's wakes (a ping, a retry, an endpoint enabled again) from the queue, which reaches a worker process
 * wherever the request came in. A job only wakes the endpoint's sending and is done: it never waits for a receiver.
 */
@Injectable()
export class WebhookDeliveryProcessor implements OnModuleInit {
  private readonly log = new Logger(WebhookDeliveryProcessor.name);

  constructor(
    @InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookDrainJob>,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  onModuleInit(): void {
    processJobs(this.queue, 1, async (job) => this.delivery.wake(job.data.endpointId), this.log);
  }
}
