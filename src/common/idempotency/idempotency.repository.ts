import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/owned-repository';

/** The first answer to a key, as it is replayed. */
export interface StoredAnswer {
  status: number;
  /** The headers that describe the answer (Content-Type, Location, …), by lower-case name. */
  headers: Record<string, string>;
  body: Buffer;
}

/** A key's record: the fingerprint of its first request, and that request's answer once it has one. */
export interface IdempotencyRecord {
  requestHash: string;
  answer?: StoredAnswer;
}

/** How long the record of a key answers, and how long a claim holds its key without an answer. */
export interface IdempotencyTimes {
  keepMs: number;
  leaseMs: number;
}

/**
 * The `idempotency_keys` table, one row per account and key (its primary key). A row is claimed by one request
 * (`claim`, a random token), which then stores its answer or gives the key back; every query names the account.
 */
@Injectable()
export class IdempotencyRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /**
   * Claims the key for one request, in one statement, so that of any number of concurrent requests exactly one wins:
   * a new key, a key whose record has expired (the sweep may not have run yet), or a key whose claim was abandoned
   * (its lease ran out without an answer, e.g. the process died) by a request with the same fingerprint. True when
   * this call holds the key.
   */
  async claim(accountId: string, key: string, requestHash: string, token: string, times: IdempotencyTimes): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `INSERT INTO idempotency_keys AS existing (account_id, key, request_hash, claim, locked_until, expires_at)
       VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond', now() + $6 * interval '1 millisecond')
       ON CONFLICT (account_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, claim = EXCLUDED.claim, locked_until = EXCLUDED.locked_until,
             status = NULL, headers = NULL, body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
         WHERE existing.expires_at <= now()
            OR (existing.status IS NULL AND existing.locked_until <= now() AND existing.request_hash = EXCLUDED.request_hash)
       RETURNING claim`,
      [accountId, key, requestHash, token, times.leaseMs, times.keepMs],
    );
    return rows.length > 0;
  }

  /** The key's live record, or undefined when there is none (or it has expired). */
  async find(accountId: string, key: string): Promise<IdempotencyRecord | undefined> {
    const rows: { request_hash: string; status: number | null; headers: Record<string, string> | null; body: Buffer | null }[] = await this.manager.query(
      'SELECT request_hash, status, headers, body FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND expires_at > now()',
      [accountId, key],
    );
    const [row] = rows;
    if (!row) return undefined;
    const answer = row.status === null ? undefined : { status: row.status, headers: row.headers ?? {}, body: row.body ?? Buffer.alloc(0) };
    return { requestHash: row.request_hash, answer };
  }

  /** Stores the answer of the claim `token`; false when the key is no longer this claim's. */
  async complete(accountId: string, key: string, token: string, answer: StoredAnswer): Promise<boolean> {
    // TypeORM answers an UPDATE or DELETE on PostgreSQL as [rows, affected].
    const [, affected]: [unknown[], number] = await this.manager.query(
      `UPDATE idempotency_keys SET status = $4, headers = $5, body = $6, locked_until = NULL
       WHERE account_id = $1 AND key = $2 AND claim = $3 AND status IS NULL`,
      [accountId, key, token, answer.status, answer.headers, answer.body],
    );
    return affected > 0;
  }

  /** Gives the key back: its next request runs as if it were the first. */
  async release(accountId: string, key: string, token: string): Promise<void> {
    await this.manager.query('DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND claim = $3 AND status IS NULL', [accountId, key, token]);
  }

  /** Deletes up to `batch` expired records; answers how many. */
  async deleteExpired(batch: number): Promise<number> {
    const [, affected]: [unknown[], number] = await this.manager.query(
      `DELETE FROM idempotency_keys WHERE (account_id, key) IN
         (SELECT account_id, key FROM idempotency_keys WHERE expires_at <= now() LIMIT $1)`,
      [batch],
    );
    return affected;
  }
}
