import { Injectable } from '@nestjs/common';
import { inBatches, Sweep } from '../concurrency/sweep';
import { IdempotencyRepository } from './idempotency.repository';

const SWEEP_BATCH = 1000;

/**
 * Deletes expired idempotency records, at start and every ten minutes, in batches so that no statement holds many
 * rows. Correctness does not wait for it: a key's lookup treats an expired record as absent.
 */
@Injectable()
export class IdempotencySweep extends Sweep {
  protected readonly intervalMs = 10 * 60 * 1000;

  constructor(private readonly records: IdempotencyRepository) {
    super('Idempotency sweep');
  }

  protected runOnce(): Promise<number> {
    return inBatches(SWEEP_BATCH, (size) => this.records.deleteExpired(size));
  }
}
