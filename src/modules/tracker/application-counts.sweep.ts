import { Injectable } from '@nestjs/common';
import { inBatches, Sweep } from '../../common/concurrency/sweep';
import { ApplicationsRepository } from './applications.repository';

const SWEEP_BATCH = 500;

/**
 * Keeps the per-status counts short to sum: every change to applications appends a row (so that no two writers of an
 * account wait for one row), and this folds each account's rows into one per status, at start and every 30 seconds.
 * Every process that runs the tracker sweeps; two folds at once each fold what the other did not.
 */
@Injectable()
export class ApplicationCountsSweep extends Sweep {
  protected readonly intervalMs = 30 * 1000;

  constructor(private readonly applications: ApplicationsRepository) {
    super('Application counts sweep');
  }

  /** Answers how many accounts' counts it folded. */
  protected runOnce(): Promise<number> {
    return inBatches(SWEEP_BATCH, (size) => this.applications.foldCounts(size));
  }
}
