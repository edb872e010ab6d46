import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { AttemptVerdict, DueDelivery, LeasedEndpoint, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { AttemptOutcome, sendWebhook } from './webhook-sender';
import { TargetPolicy } from './webhook-target';
import { targetPolicy } from './webhooks.service';
import { WebhooksQueue } from './webhooks-queue';

/** Pending deliveries read at a time. */
const DRAIN_BATCH = 50;

/**
 * Sends an endpoint's deliveries, one at a time and oldest event first: the worker that takes the endpoint's lease
 * sends until nothing is due, or until a failure, after which the delivery waits for its retry (exponential backoff)
 * and holds back the later ones. After WEBHOOKS_ATTEMPTS failed attempts the delivery fails and the endpoint is
 * disabled, with the reason.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly log = new Logger(WebhookDeliveryService.name);
  private readonly policy: TargetPolicy;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: WebhooksQueue,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.policy = targetPolicy(config);
  }

  async drain(endpointId: string): Promise<void> {
    const token = randomUUID();
    // Twice an attempt's time limit: only a worker that stopped (killed, say) loses its lease, and soon after.
    const leaseMs = 2 * this.config.webhooks.timeoutMs;
    for (;;) {
      const endpoint = await this.deliveries.takeLease(endpointId, token, leaseMs);
      // Another worker is sending (it looks again after letting go), or the endpoint is disabled or deleted.
      if (!endpoint) return;
      try {
        await this.sendDue(endpoint, token, leaseMs);
      } finally {
        await this.deliveries.releaseLease(endpointId, token);
      }
      // A delivery made while the lease was held found it taken: look once more now that it is free.
      const [next] = await this.deliveries.oldestPending(endpointId, 1);
      if (!next) return;
      const wait = next.nextAttemptAt.getTime() - Date.now();
      if (wait > 0) return this.queue.enqueue(endpointId, wait);
    }
  }

  /**
   * Sends the endpoint's due deliveries in order until one fails, one is not yet due, or none is left. Successes are
   * recorded together, before the next batch is read and when the run ends, so that sending is not paced by a write
   * per delivery; a worker killed in between sends them again (receivers drop repeats by Webhook-Id).
   */
  private async sendDue(endpoint: LeasedEndpoint, token: string, leaseMs: number): Promise<void> {
    let renewAt = Date.now() + leaseMs / 2;
    const delivered: { deliveryId: string; attempt: AttemptOutcome }[] = [];
    const recordDelivered = () => this.deliveries.recordDelivered(delivered.splice(0));
    try {
      for (;;) {
        const batch = await this.deliveries.oldestPending(endpoint.id, DRAIN_BATCH);
        for (const delivery of batch) {
          if (delivery.nextAttemptAt.getTime() > Date.now()) return;
          const attempt = await this.send(endpoint, delivery);
          if (attempt.error !== null) {
            await recordDelivered();
            return await this.recordFailure(endpoint, delivery, attempt);
          }
          delivered.push({ deliveryId: delivery.id, attempt });
          if (Date.now() >= renewAt) {
            if (!(await this.deliveries.takeLease(endpoint.id, token, leaseMs))) return;
            renewAt = Date.now() + leaseMs / 2;
          }
        }
        await recordDelivered();
        if (batch.length < DRAIN_BATCH) return;
      }
    } finally {
      await recordDelivered();
    }
  }

  private send(endpoint: LeasedEndpoint, delivery: DueDelivery): Promise<AttemptOutcome> {
    // Judged at each attempt, not when the lease was taken: the old secret signs nothing after its overlap ends.
    const { secret, previousSecret, previousSecretExpiresAt } = endpoint;
    const secrets = previousSecret && previousSecretExpiresAt && previousSecretExpiresAt.getTime() > Date.now() ? [secret, previousSecret] : [secret];
    return sendWebhook(
      { url: endpoint.url, secrets, id: delivery.event.id, body: JSON.stringify(delivery.event) },
      this.policy,
      this.config.webhooks.timeoutMs,
    );
  }

  private async recordFailure(endpoint: LeasedEndpoint, delivery: DueDelivery, attempt: AttemptOutcome): Promise<void> {
    const verdict = this.verdict(delivery, attempt);
    await this.deliveries.recordFailedAttempt(delivery.id, attempt, verdict);
    if ('failed' in verdict) this.log.warn({ endpointId: endpoint.id, reason: verdict.failed }, 'Disabled a webhook endpoint');
  }

  private verdict(delivery: DueDelivery, outcome: AttemptOutcome): AttemptVerdict {
    const failed = delivery.failedAttempts + 1;
    const { attempts, retryDelayMs } = this.config.webhooks;
    if (failed < attempts) return { retryAt: new Date(Date.now() + retryDelayMs * 2 ** (failed - 1)) };
    const since = Math.round((Date.now() - delivery.createdAt.getTime()) / 60_000);
    return { failed: `Event ${delivery.event.id} failed ${failed} delivery attempts over ${since} min; the last: ${outcome.error}` };
  }
}
