import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { keyInUse, keyReused } from './idempotency.exception';
import { IdempotencyRepository, IdempotencyTimes, StoredAnswer } from './idempotency.repository';

/** How long a key's first answer is kept and replayed (Stripe's 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a request holds its key without an answer before another request with the same key and body may run in
 * its place: far past any request's run, so that only a claim whose process died (it never answers) is taken over.
 */
export const IN_FLIGHT_LEASE_MS = 5 * 60 * 1000;

const TIMES: IdempotencyTimes = { keepMs: IDEMPOTENCY_KEY_TTL_MS, leaseMs: IN_FLIGHT_LEASE_MS };
const FIRST_PAUSE_MS = 25;
const LONGEST_PAUSE_MS = 250;

/** A request's hold on its key, until it stores its answer or gives the key back. */
export interface IdempotencyClaim {
  accountId: string;
  key: string;
  token: string;
}

/** What a request with a key does: run (it holds the key), or answer what the key's first request answered. */
export type IdempotencyDecision = { run: IdempotencyClaim } | { replay: StoredAnswer };

/**
 * Stripe's idempotency rules, for HTTP and MCP alike: the first request with a key (per account) runs and its answer
 * is kept for 24 hours; the same key with the same request answers that answer again; with another request, 422;
 * while the first is still running, a retry waits for its answer up to IDEMPOTENCY_WAIT_MS, then answers 409.
 * Answers of 500 and above are not kept: the key is given back, so a retry runs again.
 */
@Injectable()
export class IdempotencyService {
  private readonly log = new Logger(IdempotencyService.name);

  constructor(
    private readonly records: IdempotencyRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async decide(accountId: string, key: string, fingerprint: string): Promise<IdempotencyDecision> {
    const claim = { accountId, key, token: randomUUID() };
    const deadline = Date.now() + this.config.idempotency.waitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      if (await this.records.claim(accountId, key, fingerprint, claim.token, TIMES)) return { run: claim };
      const record = await this.records.find(accountId, key);
      // Gone between the two statements (its first request failed and gave it back): claim it again at once.
      if (!record) continue;
      if (record.requestHash !== fingerprint) throw keyReused();
      if (record.answer) return { replay: record.answer };
      const left = deadline - Date.now();
      if (left <= 0) throw keyInUse();
      await sleep(Math.min(pause, left));
    }
  }

  /** Keeps the answer of a claim, or gives the key back when the answer is one a retry should not get (5xx). */
  async settle(claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
    if (answer.status >= 500) return this.giveBack(claim);
    try {
      if (!(await this.records.complete(claim.accountId, claim.key, claim.token, answer))) {
        this.log.warn({ key: claim.key }, 'An idempotency key was taken over before its answer was stored');
      }
    } catch (error) {
      this.log.error({ err: error, key: claim.key }, 'Could not store the answer of an idempotency key');
      await this.giveBack(claim);
    }
  }

  /** The key runs its next request as if it were the first. Never throws: the request's own answer matters more. */
  async giveBack(claim: IdempotencyClaim): Promise<void> {
    try {
      await this.records.release(claim.accountId, claim.key, claim.token);
    } catch (error) {
      this.log.warn({ err: error, key: claim.key }, 'Could not release an idempotency key; it frees itself when its lease ends');
    }
  }

  /**
   * For callers whose answer is a value rather than an HTTP response (MCP tool calls): runs `work` once per key and
   * answers its answer, or the first request's.
   */
  async once(accountId: string, key: string, fingerprint: string, work: () => Promise<StoredAnswer>): Promise<{ answer: StoredAnswer; replayed: boolean }> {
    const decision = await this.decide(accountId, key, fingerprint);
    if ('replay' in decision) return { answer: decision.replay, replayed: true };
    let answer: StoredAnswer;
    try {
      answer = await work();
    } catch (error) {
      await this.giveBack(decision.run);
      throw error;
    }
    await this.settle(decision.run, answer);
    return { answer, replayed: false };
  }
}
