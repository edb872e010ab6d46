import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { ChannelListener } from '../../database/channel-listener';
import { EVENTS_CHANNEL } from '../events/events-outbox';
import { EventsRepository } from '../events/events.repository';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhooksQueue } from './webhooks-queue';

/** Events handled per relay transaction. */
const RELAY_BATCH = 500;
/** The key of the advisory lock one relay pass holds, so that passes in different processes take turns. */
const RELAY_LOCK = 0x77686b72;

/**
 * Turns committed events into deliveries and wakes the workers. A commit that recorded events notifies
 * EVENTS_CHANNEL; the relay listens on it, and also sweeps at start and every WEBHOOKS_SWEEP_INTERVAL_MS for what a
 * notification or a job did not bring (a process killed between a commit and its enqueue, a lost connection).
 * Each pass marks its events dispatched in the transaction that makes their deliveries, so each event is fanned
 * out once; passes take turns (an advisory lock), so deliveries are made in event order.
 */
@Injectable()
export class WebhookRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(WebhookRelay.name);
  /** Wakes the relay on each commit that recorded events; when its connection breaks, the sweep covers until it is back. */
  private readonly listener: ChannelListener;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly events: EventsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: WebhooksQueue,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.listener = new ChannelListener({
      databaseUrl: config.database.url,
      channel: EVENTS_CHANNEL,
      retryMs: config.webhooks.sweepIntervalMs,
      log: this.log,
      onNotification: () => void this.relay(),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.config.webhooks.sweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.listener.stop();
    await this.running;
  }

  /** Runs a pass now, or right after the one running (which may have read before the latest commit). */
  relay(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.relayUntilDone().finally(() => (this.running = undefined));
    return this.running;
  }

  private async relayUntilDone(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.relayBatch()) === RELAY_BATCH);
      } catch (error) {
        this.log.warn({ err: error }, 'Relaying events failed; the next notification or sweep tries again');
      }
    } while (this.again && !this.stopped);
  }

  /** One transaction: the oldest events not yet relayed get their deliveries; the endpoints concerned are woken after the commit. */
  private async relayBatch(): Promise<number> {
    const { count, endpoints } = await this.deliveries.transaction(async (deliveries, manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [RELAY_LOCK]);
      const events = this.events.withManager(manager);
      const ids = (await events.undispatched(RELAY_BATCH)).map((event) => event.id);
      if (ids.length === 0) return { count: 0, endpoints: [] };
      const woken = await deliveries.fanOut(ids);
      await events.markDispatched(ids);
      return { count: ids.length, endpoints: woken };
    });
    await Promise.all(endpoints.map((endpointId) => this.queue.enqueue(endpointId)));
    return count;
  }

  private async sweep(): Promise<void> {
    await this.relay();
    try {
      await Promise.all((await this.deliveries.endpointsDue()).map((endpointId) => this.queue.enqueue(endpointId)));
    } catch (error) {
      this.log.warn({ err: error }, 'The webhook sweep failed; it runs again at the next interval');
    }
  }
}
