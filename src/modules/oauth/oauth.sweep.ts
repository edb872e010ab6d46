import { Injectable } from '@nestjs/common';
import { Sweep } from '../../common/concurrency/sweep';
import { OAuthRepository } from './oauth.repository';

/**
 * Deletes the OAuth rows nothing can use any more (OAuthRepository.purge), at start and every ten minutes: `/register`
 * and `/authorize` take requests from anyone, and what they store must not pile up. Every read checks expiry itself.
 */
@Injectable()
export class OAuthSweep extends Sweep {
  protected readonly intervalMs = 10 * 60 * 1000;

  constructor(private readonly oauth: OAuthRepository) {
    super('OAuth sweep');
  }

  protected runOnce(): Promise<number> {
    return this.oauth.purge();
  }
}
