import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { accountIdOf, Owner, SqlRepository } from '../../database/owned-repository';
import { EventsPage, EventView, ListEventsQuery } from './dto/event.dto';
import { EVENT_RETENTION_DAYS } from './event-types';

interface EventRow {
  id: string;
  type: EventView['type'];
  createdAt: Date;
  accountId: string;
  data: Record<string, unknown>;
}

const EVENT_COLUMNS = 'id, type, created_at AS "createdAt", account_id AS "accountId", data';

/** An event's sequence number fits a JavaScript number for 2^53 events. */
export function eventView(row: EventRow): EventView {
  return { ...row, id: Number(row.id) };
}

@Injectable()
export class EventsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  async list(owner: Owner, query: ListEventsQuery): Promise<EventsPage> {
    const parameters: unknown[] = [accountIdOf(owner), query.after, query.limit + 1];
    const ofType = query.type ? `AND type = $${parameters.push(query.type)}` : '';
    const rows: EventRow[] = await this.manager.query(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND id > $2 ${ofType} ORDER BY id LIMIT $3`,
      parameters,
    );
    return { data: rows.slice(0, query.limit).map(eventView), hasMore: rows.length > query.limit, limit: query.limit };
  }

  /**
   * The oldest events the webhook relay has not yet handled, locked until the caller's transaction ends. Only one
   * relay runs at a time (it holds a lock for its whole pass), so that deliveries are made in event order.
   */
  async undispatched(limit: number): Promise<EventView[]> {
    const rows: EventRow[] = await this.manager.query(`SELECT ${EVENT_COLUMNS} FROM events WHERE NOT dispatched ORDER BY id LIMIT $1 FOR UPDATE`, [limit]);
    return rows.map(eventView);
  }

  async markDispatched(ids: number[]): Promise<void> {
    await this.manager.query('UPDATE events SET dispatched = true WHERE id = ANY($1)', [ids]);
  }

  /** The event of one account, or undefined. */
  async find(owner: Owner, id: number): Promise<EventView | undefined> {
    const [row]: EventRow[] = await this.manager.query(`SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND id = $2`, [accountIdOf(owner), id]);
    return row && eventView(row);
  }

  /** Deletes events older than the retention period (their deliveries go with them); answers how many. */
  async deleteExpired(): Promise<number> {
    const [, affected]: [unknown, number] = await this.manager.query(`DELETE FROM events WHERE created_at < now() - make_interval(days => $1)`, [
      EVENT_RETENTION_DAYS,
    ]);
    return affected;
  }
}
