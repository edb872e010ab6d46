import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Rerun } from '../../common/concurrency/rerun';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { AttemptVerdict, DueDelivery, LeasedEndpoint, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { AttemptOutcome, sendWebhook } from './webhook-sender';
import { TargetPolicy } from './webhook-target';
import { targetPolicy } from './webhooks.service';

/** The endpoint's lease as this process holds it, renewed halfway through. */
interface Lease {
  endpoint: LeasedEndpoint;
  token: string;
  leaseMs: number;
  renewAt: number;
}

/** Pending deliveries read at a time. */
const DRAIN_BATCH = 50;
/**
 * How long a process that has sent everything keeps the lease for the next wake, which the relay beside it brings
 * in milliseconds when events keep coming: it sends at once then, without taking the lease again and letting it go.
 * A delivery made by another process meanwhile waits at most this long (the holder looks once more when it lets go).
 */
const LINGER_MS = 50;

/**
 * Sends each endpoint's deliveries, one at a time and oldest event first, as soon as it is woken: by the relay that
 * made them (in this process, without a round trip), by the sweep, or by a job from the API (a ping, a retry, an
 * endpoint enabled again). Each endpoint sends on its own, so a slow receiver holds up only its own deliveries.
 *
 * The process that takes the endpoint's lease sends until nothing is due, or until a failure, after which the delivery
 * waits for its retry (exponential backoff) and holds back the later ones. Wakes that come while it sends, or soon
 * after (LINGER_MS), make it read again before it lets the lease go. After WEBHOOKS_ATTEMPTS failed attempts the delivery fails and the endpoint is
 * disabled, with the reason.
 */
@Injectable()
export class WebhookDeliveryService implements OnApplicationShutdown {
  private readonly log = new Logger(WebhookDeliveryService.name);
  private readonly policy: TargetPolicy;
  /** The endpoints this process is sending to (or about to). */
  private readonly sending = new Map<string, Rerun>();
  /** A wake at a retry's time; the sweep finds the retry too if the process stops before. */
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.policy = targetPolicy(config);
  }

  /** Sends the endpoint's due deliveries now, or reads them again after the sending under way here. Never throws. */
  wake(endpointId: string): void {
    if (this.stopped) return;
    let sending = this.sending.get(endpointId);
    if (!sending) {
      const created: Rerun = new Rerun(
        () => this.drain(endpointId, created),
        () => this.sending.delete(endpointId),
      );
      sending = created;
      this.sending.set(endpointId, sending);
    }
    void sending.run();
  }

  /** Lets the sending under way finish its attempt, and starts no other. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    await Promise.all([...this.sending.values()].map((sending) => sending.idle()));
  }

  private async drain(endpointId: string, requests: Rerun): Promise<void> {
    try {
      const token = randomUUID();
      // Twice an attempt's time limit: only a worker that stopped (killed, say) loses its lease, and soon after.
      const leaseMs = 2 * this.config.webhooks.timeoutMs;
      while (!this.stopped) {
        const endpoint = await this.deliveries.takeLease(endpointId, token, leaseMs);
        // Another process is sending (it looks again after letting go), or the endpoint is disabled or deleted.
        if (!endpoint) return;
        try {
          const lease = { endpoint, token, leaseMs, renewAt: Date.now() + leaseMs / 2 };
          do await this.sendDue(lease);
          while (!this.stopped && (await requests.takeRequest(LINGER_MS)));
        } finally {
          await this.deliveries.releaseLease(endpointId, token);
        }
        // A delivery another process made while the lease was held found it taken: look once more now that it is free.
        const [next] = await this.deliveries.oldestPending(endpointId, 1);
        if (!next) return;
        const wait = next.nextAttemptAt.getTime() - Date.now();
        if (wait > 0) return this.wakeAfter(endpointId, wait);
      }
    } catch (error) {
      this.log.warn({ err: error, endpointId }, 'Sending webhook deliveries failed; the sweep retries');
    }
  }

  private wakeAfter(endpointId: string, ms: number): void {
    clearTimeout(this.retryTimers.get(endpointId));
    const timer = setTimeout(() => {
      this.retryTimers.delete(endpointId);
      this.wake(endpointId);
    }, ms);
    timer.unref();
    this.retryTimers.set(endpointId, timer);
  }

  /**
   * Sends the endpoint's due deliveries in order until one fails, one is not yet due, or none is left. Successes are
   * recorded together, before the next batch is read and when the run ends, so that sending is not paced by a write
   * per delivery; a worker killed in between sends them again (receivers drop repeats by Webhook-Id).
   */
  private async sendDue(lease: Lease): Promise<void> {
    const { endpoint } = lease;
    const delivered: { deliveryId: string; attempt: AttemptOutcome }[] = [];
    const recordDelivered = () => this.deliveries.recordDelivered(delivered.splice(0));
    try {
      for (;;) {
        if (!(await this.keepLease(lease))) return;
        const batch = await this.deliveries.oldestPending(endpoint.id, DRAIN_BATCH);
        for (const delivery of batch) {
          if (delivery.nextAttemptAt.getTime() > Date.now() || this.stopped) return;
          const attempt = await this.send(endpoint, delivery);
          if (attempt.error !== null) {
            await recordDelivered();
            return await this.recordFailure(endpoint, delivery, attempt);
          }
          delivered.push({ deliveryId: delivery.id, attempt });
          if (!(await this.keepLease(lease))) return;
        }
        await recordDelivered();
        if (batch.length < DRAIN_BATCH) return;
      }
    } finally {
      await recordDelivered();
    }
  }

  /** Renews the lease once half of it has passed; false when it was lost (this process stalled that long). */
  private async keepLease(lease: Lease): Promise<boolean> {
    if (Date.now() < lease.renewAt) return true;
    if (!(await this.deliveries.takeLease(lease.endpoint.id, lease.token, lease.leaseMs))) return false;
    lease.renewAt = Date.now() + lease.leaseMs / 2;
    return true;
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
