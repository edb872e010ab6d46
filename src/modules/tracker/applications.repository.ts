import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { NotFoundError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope } from '../../common/http/paging';
import { AsJson, jsonTimestamp } from '../../database/json-columns';
import { accountIdOf, Owner, OwnedRepositoryFor, OwnedView, ownedView } from '../../database/owned-repository';
import { eventsOfRows } from '../events/events-outbox';
import { JobListing } from '../jobs/entities/job-listing.entity';
import type { TailoringReport } from '../tailoring/tailoring-report';
import { ApplicationSort, ApplicationSortKey, DEFAULT_APPLICATION_SORT } from './application-sorts';
import { ApplicationStatus, ARCHIVED_STATUSES } from './application-status';
import type { CalendarEntries } from './calendar-entries';
import { ApplicationDetail, ApplicationSummary, ListApplicationsQuery } from './dto/application.dto';
import { Application } from './entities/application.entity';
import type { NewApplication } from './new-application';
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
 * What each sort key orders by. A key that may be empty sorts its empty values last both ways (`NULLS LAST` is
 * ascending's default); `column` names what the page must also read to order the items by it.
 */
const SORT_COLUMNS: Record<ApplicationSortKey, { expression: string; nullable?: true; column?: string }> = {
  updatedAt: { expression: 'updated_at' },
  createdAt: { expression: 'created_at' },
  appliedDate: { expression: 'applied_date', nullable: true },
  priority: { expression: 'priority', nullable: true },
  company: { expression: 'search_fold(company)' },
  followUpAt: { expression: 'follow_up_at', nullable: true, column: 'follow_up_at' },
};

/** The filters of one list request, which pick its statement. */
interface ListShape {
  bucket: 'all' | 'status' | 'archived' | 'active';
  priority: boolean;
  q: boolean;
  followUpBefore: boolean;
  sort: ApplicationSort;
}

const BUCKET_CONDITIONS = { all: undefined, status: 'status = $', archived: 'status = ANY($)', active: 'status <> ALL($)' } as const;

/**
 * The page and its total in one statement (one round trip): `$1` is the account, then the value of each filter the
 * shape has (status or bucket, priority, q, followUpBefore), then the limit and the offset. Ties go by id in the key's direction, so
 * that pages never overlap and each order is read from one index (see the migration ApplicationListOrders). The total is
 * read from the per-status counts, unless priority, q or followUpBefore narrow the list below what they count.
 */
function listStatement(shape: ListShape): string {
  const conditions = ['account_id = $1'];
  const parameter = (condition: string) => conditions.push(condition.replace('$', `$${conditions.length + 1}`));
  const bucket = BUCKET_CONDITIONS[shape.bucket];
  if (bucket) parameter(bucket);
  const counted = conditions.join(' AND ');
  if (shape.priority) parameter('priority = $');
  // Folded as the searched text is, then escaped: what q holds is matched literally.
  if (shape.q) parameter(`search_text LIKE '%' || regexp_replace(search_fold($), '[\\\\%_]', '\\\\\\&', 'g') || '%'`);
  if (shape.followUpBefore) parameter('follow_up_at < $');
  const where = conditions.join(' AND ');
  const total =
    shape.priority || shape.q || shape.followUpBefore
      ? `SELECT count(*)::int FROM applications WHERE ${where}`
      : `SELECT coalesce(sum(count), 0)::int FROM application_counts WHERE ${counted}`;
  const descending = shape.sort.startsWith('-');
  const key = SORT_COLUMNS[(descending ? shape.sort.slice(1) : shape.sort) as ApplicationSortKey];
  const direction = descending ? 'DESC' : 'ASC';
  const order = `${key.expression} ${direction}${key.nullable && descending ? ' NULLS LAST' : ''}, id ${direction}`;
  const columns = key.column ? `${PAGE_COLUMNS}, ${key.column}` : PAGE_COLUMNS;
  const paging = `$${conditions.length + 1} OFFSET $${conditions.length + 2}`;
  return `SELECT (${total}) AS total,
    (SELECT coalesce(json_agg(${SUMMARY_JSON} ORDER BY ${order}), '[]')
       FROM (SELECT ${columns} FROM applications WHERE ${where} ORDER BY ${order} LIMIT ${paging}) AS page) AS data`;
}

/** Each statement is written once, when first asked for: a request only picks its own (at most 384 of them). */
const LIST_STATEMENTS = new Map<string, string>();

function listStatementFor(shape: ListShape): { name: string; sql: string } {
  const name = `applications-page ${shape.bucket} ${shape.priority} ${shape.q} ${shape.followUpBefore} ${shape.sort}`;
  let sql = LIST_STATEMENTS.get(name);
  if (!sql) LIST_STATEMENTS.set(name, (sql = listStatement(shape)));
  return { name, sql };
}

/** A timeline entry `e` as the single read answers it: a status change, or an activity with its `type` and `occurredAt`. */
const TIMELINE_ENTRY = `CASE WHEN e.type IS NULL
    THEN json_build_object('id', e.id, 'status', e.status, 'description', e.description, 'createdAt', ${jsonTimestamp('e.created_at')})
    ELSE json_build_object('id', e.id, 'status', e.status, 'description', e.description, 'createdAt', ${jsonTimestamp('e.created_at')},
                           'type', e.type, 'occurredAt', ${jsonTimestamp('e.occurred_at')}) END`;

/** Every timeline entry of one application of the account, most recent first (the single read keeps the latest 20). */
const WHOLE_TIMELINE = `
  SELECT coalesce(json_agg(${TIMELINE_ENTRY} ORDER BY e.sequence DESC), '[]') AS timeline
    FROM application_timeline_entries e JOIN applications a ON a.id = e.application_id
   WHERE a.id = $1 AND a.account_id = $2`;

/**
 * One application with its 20 latest timeline entries (by `sequence`: the order the status changes and activities were
 * recorded, each under the application's row lock; an activity adds its `type` and `occurredAt`) and its interviews (with the contact each names), in one round
 * trip, keys in the answer's order; PostgreSQL builds the nested lists as JSON.
 */
const DETAIL = `
  SELECT a.id, ${jsonTimestamp('a.created_at')} AS "createdAt", ${jsonTimestamp('a.updated_at')} AS "updatedAt", a.job_title AS "jobTitle",
         a.company, a.location, a.job_url AS "jobUrl", a.job_description AS "jobDescription", a.status, a.source, a.priority, a.notes,
         a.salary_min AS "salaryMin", a.salary_max AS "salaryMax", a.salary_period AS "salaryPeriod", a.salary_currency AS "salaryCurrency",
         ${jsonTimestamp('a.applied_date')} AS "appliedDate", a.cv_id AS "cvId", a.cover_letter_id AS "coverLetterId",
         to_char(a.deadline, 'YYYY-MM-DD') AS deadline, to_char(a.posted_at, 'YYYY-MM-DD') AS "postedAt", ${jsonTimestamp('a.follow_up_at')} AS "followUpAt", a.tailoring_report AS "tailoringReport",
         a.job_listing_id AS "jobListingId", a.publisher, a.status IN (${ARCHIVED_LIST}) AS "isArchived",
         (SELECT coalesce(json_agg(${TIMELINE_ENTRY} ORDER BY e.sequence DESC), '[]')
            FROM (SELECT id, status, description, created_at, type, occurred_at, sequence FROM application_timeline_entries
                   WHERE application_id = a.id ORDER BY sequence DESC LIMIT ${TIMELINE_LENGTH}) e
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

const FILLED_BY_STATEMENT = new Set(['id', 'accountId', 'createdAt', 'updatedAt', 'searchText']);
let create: { sql: string; columns: ColumnMetadata[] } | undefined;

/**
 * The create's statement (see `ApplicationsRepository.createApplication`), written once from the entity's metadata:
 * `$1`–`$5` are the account, the first status, the first entry's description, the event's type and its view, then
 * one parameter per column of a NewApplication.
 */
function createStatement(metadata: EntityMetadata): { sql: string; columns: ColumnMetadata[] } {
  if (create) return create;
  const columns = metadata.columns.filter((column) => !FILLED_BY_STATEMENT.has(column.propertyName));
  const sql = `WITH moment AS (SELECT clock_timestamp() AS at),
    created AS (
      INSERT INTO applications (account_id, ${columns.map((column) => column.databaseName).join(', ')}, created_at, updated_at)
      SELECT $1::uuid, ${columns.map((_, index) => `$${index + 6}`).join(', ')}, at, at FROM moment
      ON CONFLICT (account_id, job_url_key) WHERE job_url_key IS NOT NULL DO NOTHING
      RETURNING id, account_id, created_at, updated_at),
    first_entry AS (INSERT INTO application_timeline_entries (application_id, status, description) SELECT id, $2, $3 FROM created),
    ${eventsOfRows('created', {
      accountId: 'account_id',
      type: '$4',
      data: `$5::jsonb || jsonb_build_object('id', id, 'createdAt', ${jsonTimestamp('created_at')}, 'updatedAt', ${jsonTimestamp('updated_at')})`,
    })}
  SELECT id FROM created`;
  return (create = { sql, columns });
}

/**
 * The account's applications and their timelines; interviews lock applications here while they are written. The
 * list and the single read are the tracker's hot path: plain SQL written once, one statement each, answers returned
 * as PostgreSQL shapes them (no entity, no Date), and totals summed from `application_counts`, to which triggers append
 * each change in its transaction (see the migrations ApplicationCounts and ApplicationCountDeltas).
 */
@Injectable()
export class ApplicationsRepository extends OwnedRepositoryFor<Application, OwnedView<Application>>(Application, ownedView) {
  /** One page of the account's applications: by status or archived bucket (`status` wins), priority, q and followUpBefore, in `sort` order. */
  async page(owner: Owner, query: ListApplicationsQuery): Promise<ListEnvelope<AsJson<ApplicationSummary>>> {
    const parameters: unknown[] = [accountIdOf(owner)];
    let bucket: ListShape['bucket'] = 'all';
    if (query.status) {
      bucket = 'status';
      parameters.push(query.status);
    } else if (query.archived !== undefined) {
      bucket = query.archived ? 'archived' : 'active';
      parameters.push(ARCHIVED_STATUSES);
    }
    if (query.priority !== undefined) parameters.push(query.priority);
    if (query.q) parameters.push(query.q);
    if (query.followUpBefore) parameters.push(query.followUpBefore);
    const statement = listStatementFor({
      bucket,
      priority: query.priority !== undefined,
      q: Boolean(query.q),
      followUpBefore: Boolean(query.followUpBefore),
      sort: query.sort ?? DEFAULT_APPLICATION_SORT,
    });
    const [{ total, data }] = await this.statement<{ total: number; data: AsJson<ApplicationSummary>[] }>(
      statement.sql,
      [...parameters, query.limit, query.offset],
      statement.name,
    );
    return listEnvelope(data, total, query);
  }

  /** The account's applications per status, from the counts the list's totals are read from; statuses with none are left out. */
  async countsByStatus(owner: Owner): Promise<{ status: ApplicationStatus; count: number }[]> {
    return this.statement('SELECT status, sum(count)::int AS count FROM application_counts WHERE account_id = $1 GROUP BY status HAVING sum(count) > 0', [
      accountIdOf(owner),
    ]);
  }

  /**
   * Folds the counts of up to `accounts` accounts that have more than one row for a status (the changes appended since
   * the last fold, see the migration ApplicationCountDeltas) into one row per status, each account's in one statement
   * with its delete, so that a reader sees the rows before or after, never half. Answers how many accounts it folded.
   */
  async foldCounts(accounts: number): Promise<number> {
    const folded = await this.statement<{ accountId: string }>(
      `WITH crowded AS (
         SELECT account_id FROM application_counts GROUP BY account_id HAVING count(*) > count(DISTINCT status) LIMIT $1),
       removed AS (
         DELETE FROM application_counts USING crowded WHERE application_counts.account_id = crowded.account_id
         RETURNING application_counts.account_id, status, count),
       folded AS (
         INSERT INTO application_counts (account_id, status, count)
         SELECT account_id, status, sum(count)::int FROM removed GROUP BY account_id, status HAVING sum(count) <> 0)
       SELECT account_id AS "accountId" FROM crowded`,
      [accounts],
    );
    return folded.length;
  }

  /** The account's application `id` as the single read answers it; NotFoundError otherwise. */
  async detail(owner: Owner, id: string): Promise<AsJson<ApplicationDetail>> {
    if (!isUUID(id)) throw new NotFoundError();
    const [application] = await this.manager.query<AsJson<ApplicationDetail>[]>(DETAIL, [id, accountIdOf(owner)]);
    if (!application) throw new NotFoundError();
    return application;
  }

  /** The application's whole timeline (an account's data export holds every entry); empty for an id not the account's. */
  async wholeTimeline(owner: Owner, id: string): Promise<AsJson<ApplicationDetail>['timeline']> {
    const [{ timeline }] = await this.manager.query<{ timeline: AsJson<ApplicationDetail>['timeline'] }[]>(WHOLE_TIMELINE, [id, accountIdOf(owner)]);
    return timeline;
  }

  /**
   * Creates an application of the account with its first timeline entry and records its `application.created`, in
   * one statement: one round trip, and a transaction of its own unless it runs inside one. Nothing is created when
   * the account has an application with the same `jobUrlKey` (ON CONFLICT rather than a read first, so that
   * concurrent creates of one job meet at the unique index): answers the new id, or undefined. `createdAt` is the
   * time of the insert (not the transaction's start, which the rows of one CSV import share), and the event's data
   * is `view` with the stored row's id and timestamps.
   */
  async createApplication(owner: Owner, application: NewApplication, firstEntry: string, view: object): Promise<string | undefined> {
    const statement = createStatement(this.manager.connection.getMetadata(Application));
    const parameters: unknown[] = [accountIdOf(owner), application.status, firstEntry, 'application.created', JSON.stringify(view)];
    for (const { propertyName } of statement.columns) parameters.push(application[propertyName as keyof NewApplication]);
    const [created] = await this.statement<{ id: string }>(statement.sql, parameters, 'create-application');
    return created?.id;
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

  /**
   * Applications of any account whose followUpAt has passed and differs from the date last announced, locked until
   * the transaction ends; rows another transaction holds are skipped. `FOR NO KEY UPDATE` (what the mark's UPDATE
   * takes anyway) rather than `FOR UPDATE`, so that interviews being added to them (a key-share lock) do not wait.
   * By account, so that the events' per-account locks are taken in one order by every sweep.
   */
  dueFollowUps(limit: number): Promise<Application[]> {
    return this.manager
      .createQueryBuilder(Application, 'application')
      .where('application.follow_up_at <= now()')
      .andWhere('application.follow_up_announced_at IS DISTINCT FROM application.follow_up_at')
      .orderBy('application.account_id')
      .addOrderBy('application.follow_up_at')
      .limit(limit)
      .setLock('for_no_key_update')
      .setOnLocked('skip_locked')
      .getMany();
  }

  /** Marks the applications' present followUpAt as announced (updatedAt stays: nobody changed the application). */
  async markFollowUpsAnnounced(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.manager.query('UPDATE applications SET follow_up_announced_at = follow_up_at WHERE id = ANY($1)', [ids]);
  }

  /** The account's interviews and follow-ups, in time order. */
  async calendarEntries(owner: Owner): Promise<CalendarEntries> {
    const accountId = accountIdOf(owner);
    const [interviews, followUps] = await Promise.all([
      this.statement<CalendarEntries['interviews'][number]>(
        `SELECT i.id, i.application_id AS "applicationId", i.round, i.type, i.date, i.updated_at AS "updatedAt", a.job_title AS "jobTitle", a.company,
                coalesce(i.location, a.location) AS location, i.meeting_url AS "meetingUrl", i.duration_minutes AS "durationMinutes",
                nullif(concat_ws(' ', c.first_name, c.last_name), '') AS "contactName"
           FROM interviews i JOIN applications a ON a.id = i.application_id LEFT JOIN contacts c ON c.id = i.contact_id
          WHERE a.account_id = $1 ORDER BY i.date, i.id`,
        [accountId],
      ),
      this.statement<CalendarEntries['followUps'][number]>(
        `SELECT id AS "applicationId", follow_up_at AS "followUpAt", updated_at AS "updatedAt", job_title AS "jobTitle", company, status
           FROM applications WHERE account_id = $1 AND follow_up_at IS NOT NULL ORDER BY follow_up_at, id`,
        [accountId],
      ),
    ]);
    return { interviews, followUps };
  }

  /** Ends a pending tailoring: back to `watchlist`, keeping the report (null when tailoring failed). */
  async endTailoring(applicationId: string, report: TailoringReport | null): Promise<void> {
    await this.manager.update(Application, { id: applicationId }, { status: 'watchlist', tailoringReport: report, tailoringPending: false });
  }

  /** True while an application of the account linked to the resume has its tailoring pending (each PDF export asks). */
  async isTailoring(accountId: string, resumeId: string): Promise<boolean> {
    const [{ tailoring }] = await this.statement<{ tailoring: boolean }>(
      'SELECT EXISTS (SELECT FROM applications WHERE account_id = $1 AND cv_id = $2 AND tailoring_pending) AS tailoring',
      [accountId, resumeId],
      'resume-tailoring',
    );
    return tailoring;
  }

  /** The job listing an application is created from (listings belong to no account), or null. */
  listingToTrack(id: string): Promise<ListingToTrack | null> {
    return this.manager.findOne(JobListing, {
      select: { id: true, description: true, salaryMin: true, salaryMax: true, salaryPeriod: true, publisher: true },
      where: { id },
    });
  }
}
