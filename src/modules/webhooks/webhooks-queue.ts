import { BullModule, InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, Module } from '@nestjs/common';
import type { Queue } from 'bull';

export const WEBHOOKS_QUEUE = 'webhooks';

/** A job asks a delivering process to send the endpoint's due deliveries, oldest first; the job holds no event. */
export interface WebhookDrainJob {
  endpointId: string;
}

/**
 * Wakes an endpoint's sending from the API, in whichever process delivers (the relay wakes its own process directly).
 * Jobs only wake: what to send is read from the database, so a lost or repeated job loses or repeats nothing (the
 * relay's sweep wakes what is due).
 */
@Injectable()
export class WebhooksQueue {
  private readonly log = new Logger(WebhooksQueue.name);

  constructor(@InjectQueue(WEBHOOKS_QUEUE) private readonly queue: Queue<WebhookDrainJob>) {}

  async enqueue(endpointId: string): Promise<void> {
    try {
      await this.queue.add({ endpointId }, { removeOnComplete: true, removeOnFail: true });
    } catch (error) {
      this.log.warn({ err: error, endpointId }, 'Could not enqueue webhook deliveries; the sweep will');
    }
  }
}

@Module({
  imports: [BullModule.registerQueue({ name: WEBHOOKS_QUEUE })],
  providers: [WebhooksQueue],
  exports: [WebhooksQueue, BullModule],
})
export class WebhooksQueueModule {}
