import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../concurrency/periodic-task';
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
  private readonly task = new PeriodicTask(() => this.deleteExpired());

  constructor(private readonly records: IdempotencyRepository) {}

  onApplicationBootstrap(): void {
    this.task.start(SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Answers how many records it deleted. */
  sweep(): Promise<number> {
    return this.task.run();
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
