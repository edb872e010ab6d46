import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { IdempotencyRepository } from './idempotency.repository';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 1000;

/**
 * Deletes expired idempotency records, at start and every ten minutes, in batches so that no statement holds many
 * rows. Correctness does not wait for it: a claim treats an expired record as absent.
 */
@Injectable()
export class IdempotencySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(IdempotencySweep.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(private readonly records: IdempotencyRepository) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Answers how many records it deleted. */
  sweep(): Promise<number> {
    this.running ??= this.deleteExpired().finally(() => (this.running = undefined));
    return this.running;
  }

  private async deleteExpired(): Promise<number> {
    let deleted = 0;
    try {
      let batch: number;
      do {
        batch = await this.records.deleteExpired(SWEEP_BATCH);
        deleted += batch;
      } while (batch === SWEEP_BATCH);
    } catch (error) {
      this.log.warn({ err: error }, 'Idempotency sweep failed; it runs again at the next interval');
    }
    return deleted;
  }
}
