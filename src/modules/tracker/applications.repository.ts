import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { NotFoundError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope } from '../../common/http/paging';
import { AsJson, jsonTimestamp } from '../../database/json-columns';
import { accountIdOf, Owner, OwnedRepositoryFor, OwnedView, ownedView } from '../../database/owned-repository';
import { JobListing } from '../jobs/entities/job-listing.entity';
import type { TailoringReport } from '../tailoring/tailoring-plan';
import { ApplicationStatus, ARCHIVED_STATUSES } from './application-status';
import { ApplicationDetail, ApplicationSummary, ListApplicationsQuery } from './dto/application.dto';
import { Application } from './entities/application.entity';
import { TimelineEntry } from './entities/timeline-entry.entity';

const TIMELINE_LENGTH = 20;

const ARCHIVED_LIST = ARCHIVED_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * A list item as JSON built by PostgreSQL, keys in the answer's order, `isArchived` computed and timestamps as their
 * JSON text: node-postgres parses the page as one JSON value, and no row is shaped again.
 */
const SUMMARY_JSON = `json_build_object('id', id, 'jobTitle', job_title, 'company', company, 'location', location, 'jobUrl', job_url,
  'status', status, 'source', source, 'priority', priority, 'salaryMin', salary_min, 'salaryMax', salary_max,
  'appliedDate', ${jsonTimestamp('applied_date')}, 'createdAt', ${jsonTimestamp('created_at')}, 'updatedAt', ${jsonTimestamp('updated_at')},
  'isArchived', status IN (${ARCHIVED_LIST}))`;

/** The columns a list item shows; long ones (description, notes, report) stay unread. */
const PAGE_COLUMNS = 'id, job_title, company, location, job_url, status, source, priority, salary_min, salary_max, applied_date, created_at, updated_at';

/**
 * The page and its total in one statement (one round trip), for one filter: `$1` is the account, `$2` the filter's
 * value when there is one, then the limit and the offset. The total is read from the per-status counts.
 */
function listStatement(condition: string): string {
  const where = `account_id = $1${condition}`;
  const paging = condition ? '$3 OFFSET $4' : '$2 OFFSET $3';
  return `SELECT (SELECT coalesce(sum(count), 0)::int FROM application_counts WHERE ${where}) AS total,
    (SELECT coalesce(json_agg(${SUMMARY_JSON} ORDER BY created_at DESC, id DESC), '[]')
       FROM (SELECT ${PAGE_COLUMNS} FROM applications WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${paging}) AS page) AS data`;
}

/** Written once: a request only picks its statement. */
const LIST = {
  all: listStatement(''),
  status: listStatement(' AND status = $2'),
  archived: listStatement(' AND status = ANY($2)'),
  active: listStatement(' AND status <> ALL($2)'),
};

/**
 * One application with its 20 latest timeline entries (by `sequence`: the order the status changes were committed) and its interviews (with the contact each names), in one round
 * trip, keys in the answer's order; PostgreSQL builds the nested lists as JSON.
 */
const DETAIL = `
  SELECT a.id, ${jsonTimestamp('a.created_at')} AS "createdAt", ${jsonTimestamp('a.updated_at')} AS "updatedAt", a.job_title AS "jobTitle",
         a.company, a.location, a.job_url AS "jobUrl", a.job_description AS "jobDescription", a.status, a.source, a.priority, a.notes,
         a.salary_min AS "salaryMin", a.salary_max AS "salaryMax", a.salary_period AS "salaryPeriod", a.salary_currency AS "salaryCurrency",
         ${jsonTimestamp('a.applied_date')} AS "appliedDate", a.cv_id AS "cvId", a.cover_letter_id AS "coverLetterId",
         to_char(a.deadline, 'YYYY-MM-DD') AS deadline, ${jsonTimestamp('a.follow_up_at')} AS "followUpAt", a.tailoring_report AS "tailoringReport",
         a.job_listing_id AS "jobListingId", a.publisher, a.status IN (${ARCHIVED_LIST}) AS "isArchived",
         (SELECT coalesce(json_agg(json_build_object('id', e.id, 'status', e.status, 'description', e.description,
                                                     'createdAt', ${jsonTimestamp('e.created_at')}) ORDER BY e.sequence DESC), '[]')
            FROM (SELECT id, status, description, created_at, sequence FROM application_timeline_entries WHERE application_id = a.id ORDER BY sequence DESC LIMIT ${TIMELINE_LENGTH}) e
         ) AS timeline,
         (SELECT coalesce(json_agg(json_build_object('id', i.id, 'round', i.round, 'type', i.type, 'date', ${jsonTimestamp('i.date')}, 'notes', i.notes,
                                                     'contact', CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id,
                                                       'firstName', c.first_name, 'lastName', c.last_name, 'jobTitle', c.job_title) END)
                                   ORDER BY i.date, i.round, i.id), '[]')
            FROM interviews i LEFT JOIN contacts c ON c.id = i.contact_id WHERE i.application_id = a.id
         ) AS interviews
    FROM applications a WHERE a.id = $1 AND a.account_id = $2`;

/** What an application copies from the job listing it is created from. */
export type ListingToTrack = Pick<JobListing, 'id' | 'description' | 'salaryMin' | 'salaryMax' | 'salaryPeriod' | 'publisher'>;

/** What tailoring reads of an application. */
export type ApplicationToTailor = Pick<Application, 'id' | 'accountId' | 'jobTitle' | 'company' | 'jobDescription' | 'cvId'>;

/**
 * The account's applications and their timelines; interviews lock applications here while they are written. The
 * list and the single read are the tracker's hot path: plain SQL written once, one statement each, answers returned
 * as PostgreSQL shapes them (no entity, no Date), and totals read from `application_counts`, which triggers keep exact in the
 * transaction of every change (see the migration ApplicationCounts).
 */
@Injectable()
export class ApplicationsRepository extends OwnedRepositoryFor<Application, OwnedView<Application>>(Application, ownedView) {
  /** One page of the account's applications, newest first, by status or archived bucket (`status` wins). */
  async page(owner: Owner, query: ListApplicationsQuery): Promise<ListEnvelope<AsJson<ApplicationSummary>>> {
    const accountId = accountIdOf(owner);
    let statement = LIST.all;
    let parameters: unknown[] = [accountId];
    if (query.status) {
      statement = LIST.status;
      parameters = [accountId, query.status];
    } else if (query.archived !== undefined) {
      statement = query.archived ? LIST.archived : LIST.active;
      parameters = [accountId, ARCHIVED_STATUSES];
    }
    const [{ total, data }] = await this.read<{ total: number; data: AsJson<ApplicationSummary>[] }>(statement, [...parameters, query.limit, query.offset]);
    return listEnvelope(data, total, query);
  }

  /** The account's application `id` as the single read answers it; NotFoundError otherwise. */
  async detail(owner: Owner, id: string): Promise<AsJson<ApplicationDetail>> {
    if (!isUUID(id)) throw new NotFoundError();
    const [application] = await this.manager.query<AsJson<ApplicationDetail>[]>(DETAIL, [id, accountIdOf(owner)]);
    if (!application) throw new NotFoundError();
    return application;
  }

  /**
   * Inserts an application of the account unless one with its `jobUrlKey` exists: ON CONFLICT rather than a read
   * first, so that concurrent creates of one job meet at the unique index. Answers the new id, or undefined.
   */
  async insertUnlessDuplicate(owner: Owner, values: QueryDeepPartialEntity<Application>): Promise<string | undefined> {
    const inserted = await this.manager
      .createQueryBuilder()
      .insert()
      .into(Application)
      .values({ ...values, accountId: accountIdOf(owner) })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (inserted.raw as { id: string }[])[0]?.id;
  }

  /** The id of the account's application whose jobUrl has this key; it exists (the insert met it). */
  async idOfJobUrl(owner: Owner, jobUrlKey: string): Promise<string> {
    const existing = await this.manager.findOneOrFail(Application, { select: { id: true }, where: { accountId: accountIdOf(owner), jobUrlKey } });
    return existing.id;
  }

  /** The id of the account's application whose jobUrl has this key, if one has. */
  async findIdOfJobUrl(owner: Owner, jobUrlKey: string): Promise<string | undefined> {
    const existing = await this.manager.findOne(Application, { select: { id: true }, where: { accountId: accountIdOf(owner), jobUrlKey } });
    return existing?.id;
  }

  /** Saves an application read (and locked) in this transaction, with its changes; answers it as saved. */
  save(application: Application): Promise<Application> {
    return this.manager.save(application);
  }

  /** Call it while the application's row is locked (or being created): the entry's place in the timeline is drawn here. */
  async addTimelineEntry(applicationId: string, status: ApplicationStatus, description: string): Promise<void> {
    await this.manager.insert(TimelineEntry, { applicationId, status, description });
  }

  /** An application whose tailoring is pending (any account's: the worker acts for all), or null. */
  pendingTailoring(applicationId: string, lock?: 'pessimistic_write'): Promise<ApplicationToTailor | null> {
    return this.manager.findOne(Application, {
      select: { id: true, accountId: true, jobTitle: true, company: true, jobDescription: true, cvId: true },
      where: { id: applicationId, tailoringPending: true },
      lock: lock && { mode: lock },
    });
  }

  /** Ids of applications whose tailoring has been pending for longer than `ms`, oldest first. */
  async tailoringPendingSince(ms: number): Promise<string[]> {
    const rows: { id: string }[] = await this.manager.query(
      'SELECT id FROM applications WHERE tailoring_pending AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at',
      [ms / 1000],
    );
    return rows.map((row) => row.id);
  }

  /** Ends a pending tailoring: back to `watchlist`, keeping the report (null when tailoring failed). */
  async endTailoring(applicationId: string, report: TailoringReport | null): Promise<void> {
    await this.manager.update(Application, { id: applicationId }, { status: 'watchlist', tailoringReport: report, tailoringPending: false });
  }

  /** True while an application of the account linked to the resume has its tailoring pending. */
  isTailoring(accountId: string, resumeId: string): Promise<boolean> {
    return this.manager.existsBy(Application, { accountId, cvId: resumeId, tailoringPending: true });
  }

  /** The job listing an application is created from (listings belong to no account), or null. */
  listingToTrack(id: string): Promise<ListingToTrack | null> {
    return this.manager.findOne(JobListing, {
      select: { id: true, description: true, salaryMin: true, salaryMax: true, salaryPeriod: true, publisher: true },
      where: { id },
    });
  }
}
