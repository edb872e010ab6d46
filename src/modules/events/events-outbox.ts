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

/**
 * What `EventsOutbox.record` does, for a change made in a single statement: two CTEs to append to its `WITH` list,
 * recording one event per row of the CTE `source` (none when it has none). `accountId`, `type` and `data` are SQL
 * expressions over that row and the statement's parameters. The account's order lock is taken per row just before its
 * event draws its number, after the statement's other writes, and held to the commit, as `record` holds it.
 */
export function eventsOfRows(source: string, expressions: { accountId: string; type: string; data: string }): string {
  return `ordered_rows AS MATERIALIZED (
      SELECT ${source}.*, pg_advisory_xact_lock(${EVENT_ORDER_LOCK}, hashtext((${expressions.accountId})::text)), pg_notify('${EVENTS_CHANNEL}', '')
        FROM ${source}),
    recorded_events AS (INSERT INTO events (account_id, type, data) SELECT ${expressions.accountId}, ${expressions.type}, ${expressions.data} FROM ordered_rows)`;
}
