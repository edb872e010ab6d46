import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { RequestTransaction } from '../../database/request-transaction';
import { IdempotencyErrorCode, keyInUse, keyReused } from './idempotency.exception';
import { IdempotencyRepository, StoredAnswer } from './idempotency.repository';

/** How long a key's first answer is kept and replayed (Stripe's 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What a retry gets in place of an answer over IDEMPOTENCY_MAX_ANSWER_BYTES (a write's answer is small; a large one is
 * a long validation failure or import report): a 409 saying that the request ran, so that it is not run twice, and
 * nothing that large sits in the table.
 */
function answerNotKept(answer: StoredAnswer, maxAnswerBytes: number): StoredAnswer {
  const body = {
    error: `The first request with this Idempotency-Key answered ${answer.status}, but its answer was over ${maxAnswerBytes} bytes and was not kept`,
    code: IdempotencyErrorCode.IDEMPOTENCY_ANSWER_NOT_KEPT,
    status: answer.status,
  };
  return { status: HttpStatus.CONFLICT, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(body)) };
}

/**
 * A request that holds its key: it runs in `transaction`, and its answer is kept in the same transaction
 * (`settle`), so that the answer and everything the request wrote commit together or not at all.
 */
export interface IdempotencyClaim {
  accountId: string;
  key: string;
  fingerprint: string;
  transaction: RequestTransaction;
}

/** What a request with a key does: run (it holds the key), or answer what the key's first request answered. */
export type IdempotencyDecision = { run: IdempotencyClaim } | { replay: StoredAnswer };

/**
 * Stripe's idempotency rules, for HTTP and MCP alike: the first request with a key (per account) runs and its answer
 * is kept for 24 hours (an account keeps at most IDEMPOTENCY_ACCOUNT_BYTES of answers: its oldest go first); the same key with the same request answers that answer again; with another request, 422;
 * while the first is still running, a retry waits for its answer up to IDEMPOTENCY_WAIT_MS, then answers 409.
 *
 * A request with a key runs in one transaction with the key's record: the key is held by a lock that ends with the
 * transaction, and the answer is written in it. A crash at any point before the commit leaves nothing, so the retry
 * runs as the first request; after it, the retry replays. Answers of 500 and above roll back: nothing is kept, and a
 * retry runs again (a lost database connection ends the transaction by itself).
 */
@Injectable()
export class IdempotencyService {
  constructor(
    private readonly records: IdempotencyRepository,
    @InjectEntityManager() private readonly manager: EntityManager,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async decide(accountId: string, key: string, fingerprint: string): Promise<IdempotencyDecision> {
    const transaction = await RequestTransaction.begin(this.manager);
    try {
      const kept = await transaction.run(async () => {
        if (!(await this.records.lock(accountId, key, this.config.idempotency.waitMs))) throw keyInUse();
        return this.records.find(accountId, key);
      });
      if (!kept) return { run: { accountId, key, fingerprint, transaction } };
      await transaction.rollback();
      if (kept.requestHash !== fingerprint) throw keyReused();
      return { replay: kept.answer };
    } catch (error) {
      await transaction.rollback();
      throw error;
    }
  }

  /**
   * Keeps the answer with what the request wrote, or rolls both back when it is one a retry should not get (5xx).
   * Throws when the commit fails: then nothing the request did happened, and its answer must not be sent.
   */
  async settle(claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
    if (answer.status >= 500) return claim.transaction.rollback();
    const { maxAnswerBytes, accountBytes } = this.config.idempotency;
    const kept = answer.body.length > maxAnswerBytes ? answerNotKept(answer, maxAnswerBytes) : answer;
    try {
      await claim.transaction.run(async () => {
        await this.records.keep(claim.accountId, claim.key, claim.fingerprint, kept, IDEMPOTENCY_KEY_TTL_MS);
        await this.records.trimAccount(claim.accountId, claim.key, accountBytes);
      });
    } catch (error) {
      await claim.transaction.rollback();
      throw error;
    }
    await claim.transaction.commit();
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
      answer = await decision.run.transaction.run(work);
    } catch (error) {
      await decision.run.transaction.rollback();
      throw error;
    }
    await this.settle(decision.run, answer);
    return { answer, replayed: false };
  }
}
