import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { accountIdOf, Owner } from '../../database/owned-repository';
import { SqlRepository } from '../../database/sql-repository';
import { EventsPage, EventView, ListEventsQuery } from './dto/event.dto';
import { EVENT_RETENTION_DAYS, PING_EVENT } from './event-types';

/** The event's view as it is stored: node-postgres reads the bigint id as the string the API shows. */
const EVENT_COLUMNS = 'id, type, created_at AS "createdAt", account_id AS "accountId", data';

@Injectable()
export class EventsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  async list(owner: Owner, query: ListEventsQuery): Promise<EventsPage> {
    const parameters: unknown[] = [accountIdOf(owner), query.after, query.limit + 1, PING_EVENT];
    const ofType = query.type ? `AND type = $${parameters.push(query.type)}` : '';
    // A ping is a test of one endpoint, not a change of the account's.
    const rows: EventView[] = await this.manager.query(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND id > $2 AND type <> $4 ${ofType} ORDER BY id LIMIT $3`,
      parameters,
    );
    return { data: rows.slice(0, query.limit), hasMore: rows.length > query.limit, limit: query.limit };
  }

  /** Deletes events older than the retention period (their deliveries go with them); answers how many. */
  async deleteExpired(): Promise<number> {
    const [, affected]: [unknown, number] = await this.manager.query(`DELETE FROM events WHERE created_at < now() - make_interval(days => $1)`, [
      EVENT_RETENTION_DAYS,
    ]);
    return affected;
  }
}
