import type { Logger } from '@nestjs/common';
import { Client } from 'pg';

export interface ChannelListenerOptions {
  databaseUrl: string;
  channel: string;
  /** How long to wait before connecting again after the connection broke or could not be made. */
  retryMs: number;
  log: Logger;
  onNotification: (payload: string) => void;
  /** Listening: every notification from now on arrives. */
  onListening?: () => void;
  /** The connection broke: notifications sent until `onListening` comes again are lost. */
  onLost?: () => void;
}

/**
 * A PostgreSQL connection of its own that LISTENs on one channel (a pool's connections are shared and cannot),
 * and connects again after `retryMs` when it breaks. Its users cover the gap between `onLost` and `onListening`
 * themselves: the webhook relay sweeps, the key cache stops serving.
 */
export class ChannelListener {
  private client?: Client;
  private stopped = false;

  constructor(private readonly options: ChannelListenerOptions) {}

  async start(): Promise<void> {
    if (this.stopped) return;
    const { databaseUrl, channel, retryMs, log } = this.options;
    // Keep-alive probes notice a connection that died silently, whose notifications would otherwise just stop.
    const client = new Client({ connectionString: databaseUrl, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => this.options.onNotification(message.payload ?? ''));
    let lost = false;
    client.on('error', (error) => {
      // A broken connection may report more than one error; one reconnection is enough.
      if (lost || this.stopped) return;
      lost = true;
      this.options.onLost?.();
      log.warn({ err: error }, `Lost the ${channel} notification connection; reconnecting`);
      void client.end().catch(() => undefined);
      setTimeout(() => void this.start(), retryMs).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (!lost && !this.stopped) this.options.onListening?.();
    } catch (error) {
      client.emit('error', error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }
}
