import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../../common/concurrency/periodic-task';
import { OAuthRepository } from './oauth.repository';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes the OAuth rows nothing can use any more (OAuthRepository.purge), at start and every ten minutes: `/register`
 * and `/authorize` take requests from anyone, and what they store must not pile up. Correctness does not wait for
 * it: every read checks expiry itself.
 */
@Injectable()
export class OAuthSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(OAuthSweep.name);
  private readonly task = new PeriodicTask(() => this.purge());

  constructor(private readonly oauth: OAuthRepository) {}

  onApplicationBootstrap(): void {
    this.task.start(SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Answers how many rows it deleted. */
  sweep(): Promise<number> {
    return this.task.run();
  }

  private async purge(): Promise<number> {
    try {
      return await this.oauth.purge();
    } catch (error) {
      this.log.warn({ err: error }, 'OAuth sweep failed; it runs again at the next interval');
      return 0;
    }
  }
}
