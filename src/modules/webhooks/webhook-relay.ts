import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Rerun } from '../../common/concurrency/rerun';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { ChannelListener } from '../../database/channel-listener';
import { EVENTS_CHANNEL } from '../events/events-outbox';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDeliveryService } from './webhook-delivery.service';

/** Events handled per relay statement. */
const RELAY_BATCH = 500;

/**
 * Turns committed events into deliveries and wakes their endpoints' sending in this process at once. A commit that
 * recorded events notifies EVENTS_CHANNEL; the relay listens on it, and also sweeps at start and every
 * WEBHOOKS_SWEEP_INTERVAL_MS for what a notification or a wake did not bring (a process killed between a commit and
 * its sending, a lost connection). Each pass marks its events relayed in the statement that makes their deliveries,
 * so each event is fanned out once, and in event order (see WebhookDeliveriesRepository.relay).
 */
@Injectable()
export class WebhookRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(WebhookRelay.name);
  /** Wakes the relay on each commit that recorded events; when its connection breaks, the sweep covers until it is back. */
  private readonly listener: ChannelListener;
  /** A notification during a pass runs one more, which reads what committed after the pass began. */
  private readonly passes = new Rerun(() => this.relayAll());
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly delivery: WebhookDeliveryService,
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
    await this.passes.idle();
  }

  /** Runs a pass now, or right after the one running (which may have read before the latest commit). */
  relay(): Promise<void> {
    return this.passes.run();
  }

  private async relayAll(): Promise<void> {
    try {
      for (;;) {
        if (this.stopped) return;
        const { events, endpointIds } = await this.deliveries.relay(RELAY_BATCH);
        for (const endpointId of endpointIds) this.delivery.wake(endpointId);
        if (events < RELAY_BATCH) return;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'Relaying events failed; the next notification or sweep tries again');
    }
  }

  private async sweep(): Promise<void> {
    await this.relay();
    try {
      for (const endpointId of await this.deliveries.endpointsDue()) this.delivery.wake(endpointId);
    } catch (error) {
      this.log.warn({ err: error }, 'The webhook sweep failed; it runs again at the next interval');
    }
  }
}
