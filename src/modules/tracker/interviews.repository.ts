import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { NotFoundError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../common/http/paging';
import { AsJson, jsonTimestamp } from '../../database/json-columns';
import { accountIdOf, Owner } from '../../database/owned-repository';
import { SqlRepository } from '../../database/sql-repository';
import { InterviewDetail, ScheduledInterview } from './dto/interview.dto';
import { Interview } from './entities/interview.entity';

/** An interview `i` with the contact `c` it names (or null), as JSON in the answer's key order. */
const DETAIL_JSON = `json_build_object('id', i.id, 'applicationId', i.application_id, 'round', i.round, 'type', i.type, 'date', ${jsonTimestamp('i.date')},
  'location', i.location, 'meetingUrl', i.meeting_url, 'durationMinutes', i.duration_minutes, 'notes', i.notes,
  'contact', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'jobTitle', c.job_title) END)`;

/** Interviews of the account's applications (`$1`), with their contact: add conditions and the order. */
const OWNED_INTERVIEWS = `FROM interviews i JOIN applications a ON a.id = i.application_id AND a.account_id = $1 LEFT JOIN contacts c ON c.id = i.contact_id`;

/** In date order as the application's read lists them; ties by round, then id, so that pages never overlap. */
const DATE_ORDER = 'i.date, i.round, i.id';

/** One page of an application's (`$2`) interviews and their total; `$3` limit, `$4` offset. */
const OF_APPLICATION = `SELECT (SELECT count(*)::int FROM interviews WHERE application_id = $2) AS total,
  (SELECT coalesce(json_agg(page.interview ORDER BY page.n), '[]') FROM
     (SELECT ${DETAIL_JSON} AS interview, row_number() OVER (ORDER BY ${DATE_ORDER}) AS n ${OWNED_INTERVIEWS}
       WHERE i.application_id = $2 ORDER BY ${DATE_ORDER} LIMIT $3 OFFSET $4) AS page) AS data`;

/** One page of the account's interviews from `$2` (inclusive) to `$3` (exclusive, or none), soonest first, each with its application. */
const SCHEDULED = `SELECT (SELECT count(*)::int ${OWNED_INTERVIEWS} WHERE i.date >= $2 AND ($3::timestamptz IS NULL OR i.date < $3)) AS total,
  (SELECT coalesce(json_agg(page.interview ORDER BY page.n), '[]') FROM
     (SELECT (${DETAIL_JSON})::jsonb || jsonb_build_object('application', json_build_object('id', a.id, 'jobTitle', a.job_title, 'company', a.company)) AS interview,
             row_number() OVER (ORDER BY ${DATE_ORDER}) AS n
        ${OWNED_INTERVIEWS} WHERE i.date >= $2 AND ($3::timestamptz IS NULL OR i.date < $3) ORDER BY ${DATE_ORDER} LIMIT $4 OFFSET $5) AS page) AS data`;

/** Interviews belong to an account through their application, so every read that checks ownership joins it. */
@Injectable()
export class InterviewsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /** Whether the interview is one of this application's and the application is the account's; locks the interview for update. */
  async lockOwned(owner: Owner, applicationId: string, interviewId: string): Promise<boolean> {
    const interview = await this.manager
      .createQueryBuilder(Interview, 'interview')
      .select('interview.id')
      .innerJoin('interview.application', 'application', 'application.account_id = :accountId', { accountId: accountIdOf(owner) })
      .where('interview.id = :interviewId AND interview.application_id = :applicationId', { interviewId, applicationId })
      .setLock('pessimistic_write', undefined, ['interview'])
      .getOne();
    return interview !== null;
  }

  async create(values: QueryDeepPartialEntity<Interview>): Promise<string> {
    const { identifiers } = await this.manager.insert(Interview, values);
    return identifiers[0].id as string;
  }

  async update(id: string, changes: QueryDeepPartialEntity<Interview>): Promise<void> {
    await this.manager.update(Interview, { id }, changes);
  }

  async remove(id: string): Promise<void> {
    await this.manager.delete(Interview, { id });
  }

  /** One interview of the account's application, with every field; NotFoundError when it is not one. */
  async detail(owner: Owner, applicationId: string, interviewId: string): Promise<AsJson<InterviewDetail>> {
    const [row] = await this.statement<{ interview: AsJson<InterviewDetail> }>(
      `SELECT ${DETAIL_JSON} AS interview ${OWNED_INTERVIEWS} WHERE i.id = $2 AND i.application_id = $3`,
      [accountIdOf(owner), interviewId, applicationId],
    );
    if (!row) throw new NotFoundError();
    return row.interview;
  }

  /** A page of an application's interviews in date order; the caller has checked that the application is the account's. */
  async ofApplication(owner: Owner, applicationId: string, paging: PagingQuery): Promise<ListEnvelope<AsJson<InterviewDetail>>> {
    const [{ total, data }] = await this.statement<{ total: number; data: AsJson<InterviewDetail>[] }>(OF_APPLICATION, [
      accountIdOf(owner),
      applicationId,
      paging.limit,
      paging.offset,
    ]);
    return listEnvelope(data, total, paging);
  }

  /** A page of the account's interviews from `from` until before `to` (open when null), soonest first. */
  async scheduled(owner: Owner, from: Date, to: Date | null, paging: PagingQuery): Promise<ListEnvelope<AsJson<ScheduledInterview>>> {
    const [{ total, data }] = await this.statement<{ total: number; data: AsJson<ScheduledInterview>[] }>(SCHEDULED, [
      accountIdOf(owner),
      from,
      to,
      paging.limit,
      paging.offset,
    ]);
    return listEnvelope(data, total, paging);
  }
}
