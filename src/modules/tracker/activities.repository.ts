import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../common/http/paging';
import { AsJson, jsonTimestamp } from '../../database/json-columns';
import { accountIdOf, Owner } from '../../database/owned-repository';
import { SqlRepository } from '../../database/sql-repository';
import { ActivityView } from './dto/activity.dto';
import { TimelineEntry } from './entities/timeline-entry.entity';

/** An activity `e` as JSON in the answer's key order; its body is the entry's description. */
const ACTIVITY_JSON = `json_build_object('id', e.id, 'applicationId', e.application_id, 'type', e.type, 'body', e.description,
  'occurredAt', ${jsonTimestamp('e.occurred_at')}, 'status', e.status, 'createdAt', ${jsonTimestamp('e.created_at')})`;

/** The latest happened first; of two at the same time, the later recorded first, so that pages never overlap. */
const ACTIVITY_ORDER = 'e.occurred_at DESC, e.sequence DESC';

/** One page of an application's (`$1`) activities and their total; `$2` limit, `$3` offset. */
const OF_APPLICATION = `SELECT (SELECT count(*)::int FROM application_timeline_entries WHERE application_id = $1 AND type IS NOT NULL) AS total,
  (SELECT coalesce(json_agg(page.activity ORDER BY page.n), '[]') FROM
     (SELECT ${ACTIVITY_JSON} AS activity, row_number() OVER (ORDER BY ${ACTIVITY_ORDER}) AS n
        FROM application_timeline_entries e WHERE e.application_id = $1 AND e.type IS NOT NULL ORDER BY ${ACTIVITY_ORDER} LIMIT $2 OFFSET $3) AS page) AS data`;

/**
 * Activities are the timeline entries with a `type`; the status changes (without one) are the service's and never
 * match here, so editing or deleting one answers as an unknown activity would. They belong to an account through their
 * application, so every check of ownership joins it.
 */
@Injectable()
export class ActivitiesRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /** Call it while the application's row is locked: the entry's place in the timeline is drawn here. */
  async create(values: QueryDeepPartialEntity<TimelineEntry>): Promise<string> {
    const { identifiers } = await this.manager.insert(TimelineEntry, values);
    return identifiers[0].id as string;
  }

  /** Whether the activity is one of this application's and the application is the account's; locks the activity for update. */
  async lockOwned(owner: Owner, applicationId: string, activityId: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT e.id FROM application_timeline_entries e JOIN applications a ON a.id = e.application_id AND a.account_id = $1
        WHERE e.id = $2 AND e.application_id = $3 AND e.type IS NOT NULL FOR UPDATE OF e`,
      [accountIdOf(owner), activityId, applicationId],
    );
    return rows.length > 0;
  }

  async update(id: string, changes: QueryDeepPartialEntity<TimelineEntry>): Promise<void> {
    await this.manager.update(TimelineEntry, { id }, changes);
  }

  async remove(id: string): Promise<void> {
    await this.manager.delete(TimelineEntry, { id });
  }

  async view(id: string): Promise<AsJson<ActivityView>> {
    const [{ activity }] = await this.statement<{ activity: AsJson<ActivityView> }>(
      `SELECT ${ACTIVITY_JSON} AS activity FROM application_timeline_entries e WHERE e.id = $1`,
      [id],
    );
    return activity;
  }

  /** A page of an application's activities; the caller has checked that the application is the account's. */
  async ofApplication(applicationId: string, paging: PagingQuery): Promise<ListEnvelope<AsJson<ActivityView>>> {
    const [{ total, data }] = await this.statement<{ total: number; data: AsJson<ActivityView>[] }>(OF_APPLICATION, [
      applicationId,
      paging.limit,
      paging.offset,
    ]);
    return listEnvelope(data, total, paging);
  }
}
