import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { DeliveredEventType } from './event-types';

/** The channel on which a commit that recorded events wakes the webhook relay (PostgreSQL sends it at commit). */
export const EVENTS_CHANNEL = 'career_events';

/** The first key of the per-account advisory lock below, so that it cannot meet another feature's advisory locks. */
const EVENT_ORDER_LOCK = 0x65766e74;

/**
 * Records an event in the transaction of the change that causes it, so that the two commit together or not at all.
 * The owning services call it inside their transactions, after their writes.
 *
 * Sequence numbers are handed out when the row is inserted but become visible when the transaction commits, which
 * could be in another order. To keep `after=<id>` reads and per-endpoint delivery in commit order, an account's
 * recording transactions take a lock on the account's events until they commit: the next one draws its number only
 * after the previous one is visible. Different accounts do not wait for each other.
 */
@Injectable()
export class EventsOutbox {
  /** Answers the event's id. */
  async record(manager: EntityManager, accountId: string, type: DeliveredEventType, data: object): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive) throw new Error(`An event (${type}) must be recorded inside the transaction of its change`);
    await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2)), pg_notify($3, $4)', [EVENT_ORDER_LOCK, accountId, EVENTS_CHANNEL, '']);
    const [{ id }]: { id: string }[] = await manager.query('INSERT INTO events (account_id, type, data) VALUES ($1, $2, $3) RETURNING id', [
      accountId,
      type,
      JSON.stringify(data),
    ]);
    return id;
  }
}
