import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { SqlRepository } from '../../database/sql-repository';

/** The first answer to a key, as it is replayed. */
export interface StoredAnswer {
  status: number;
  /** The headers that describe the answer (Content-Type, Location, …), by lower-case name. */
  headers: Record<string, string>;
  body: Buffer;
}

/** A key's record: the fingerprint of its first request, and that request's answer. */
export interface IdempotencyRecord {
  requestHash: string;
  answer: StoredAnswer;
}

/** The first number of the advisory locks that keys take; the second is a hash of the account and the key. */
const KEY_LOCK = 0x1d3e;
/** The first number of the advisory lock an account's trim takes; the second is a hash of the account. */
const TRIM_LOCK = 0x1d3f;
/** What a record counts against its account's budget: its answer, key and headers, and a fixed overhead. */
const RECORD_BYTES = `octet_length(body) + octet_length(key) + octet_length(headers::text) + 200`;

/**
 * The `idempotency_keys` table, one row per account and key (its primary key), written with its answer in the
 * transaction of the request that produced it (see IdempotencyService); every query names the account.
 */
@Injectable()
export class IdempotencyRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /**
   * Holds the key until the calling transaction ends, waiting at most `waitMs` for a transaction that holds it (the
   * key's first request, still running): false when the wait ran out. An advisory lock rather than a row, so that a
   * key's row is only ever written whole, with its answer.
   */
  async lock(accountId: string, key: string, waitMs: number): Promise<boolean> {
    try {
      await this.manager.query(
        // The time limit is set before the lock is asked for (PostgreSQL evaluates the list in order), for this
        // statement only: the next one restores it (`find`).
        `SELECT set_config('lock_timeout', $3, true), pg_advisory_xact_lock(${KEY_LOCK}, hashtext($1 || ' ' || $2))`,
        [accountId, key, `${Math.max(1, waitMs)}ms`],
      );
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return false;
      throw error;
    }
  }

  /**
   * The key's live record, or undefined when there is none (or it has expired). Restores the transaction's lock
   * time limit that `lock` set; run after `lock`, in its own statement, so that it sees what the key's earlier
   * request committed while this one waited.
   */
  async find(accountId: string, key: string): Promise<IdempotencyRecord | undefined> {
    const rows: { requestHash: string | null; status: number; headers: Record<string, string>; body: Buffer }[] = await this.manager.query(
      `SELECT set_config('lock_timeout', reset_val, true), kept.*
       FROM pg_settings LEFT JOIN LATERAL (
         SELECT request_hash AS "requestHash", status, headers, body FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND expires_at > now()
       ) AS kept ON true
       WHERE name = 'lock_timeout'`,
      [accountId, key],
    );
    const [row] = rows;
    if (!row?.requestHash) return undefined;
    return { requestHash: row.requestHash, answer: { status: row.status, headers: row.headers, body: row.body } };
  }

  /** Keeps the answer to the key for `keepMs`, in place of an expired record of it. */
  async keep(accountId: string, key: string, requestHash: string, answer: StoredAnswer, keepMs: number): Promise<void> {
    await this.manager.query(
      `INSERT INTO idempotency_keys (account_id, key, request_hash, status, headers, body, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 millisecond')
       ON CONFLICT (account_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status = EXCLUDED.status, headers = EXCLUDED.headers, body = EXCLUDED.body,
             created_at = now(), expires_at = EXCLUDED.expires_at`,
      [accountId, key, requestHash, answer.status, answer.headers, answer.body, keepMs],
    );
  }

  /** Deletes every record of the account (whose deletion no foreign key carries here). */
  async removeAccount(accountId: string): Promise<void> {
    await this.manager.query('DELETE FROM idempotency_keys WHERE account_id = $1', [accountId]);
  }

  /**
   * Deletes the account's oldest records until what it keeps fits in `budget` bytes, never the key just kept. A
   * record counts its answer's body, its key and headers, and a fixed overhead (so that many tiny answers count too).
   * The account's trims queue on an advisory lock until their commits, so two cannot each delete what the other keeps.
   */
  async trimAccount(accountId: string, keptKey: string, budget: number): Promise<void> {
    await this.manager.query(`SELECT pg_advisory_xact_lock(${TRIM_LOCK}, hashtext($1))`, [accountId]);
    await this.manager.query(
      `DELETE FROM idempotency_keys WHERE account_id = $1 AND key IN (
         SELECT key FROM (
           SELECT key, sum(${RECORD_BYTES}) OVER (ORDER BY key = $2 DESC, created_at DESC, key DESC) AS held
           FROM idempotency_keys WHERE account_id = $1
         ) AS newest_first WHERE held > $3 AND key <> $2)`,
      [accountId, keptKey, budget],
    );
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

/** PostgreSQL's lock_not_available: a lock wait ran past lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';
