import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { ListEnvelope, listEnvelope } from '../../common/http/paging';
import { EventsOutbox } from '../events/events-outbox';
import { JobListing } from '../jobs/entities/job-listing.entity';
import { Resume } from '../resumes/entities/resume.entity';
import { RESUME_LIMITS } from '../resumes/dto/resume.dto';
import { ResumesService } from '../resumes/resumes.service';
import { TailoringQueue } from '../tailoring/tailoring-queue';
import { TailoringErrorCode, TailoringException } from '../tailoring/tailoring.exception';
import { PendingTailoring, TailoringApplications, TailoringOutcome } from '../tailoring/tailoring-applications';
import { ApplicationStatus, ARCHIVED_STATUSES, isArchivedStatus } from './application-status';
import {
  ApplicationDetail,
  ApplicationSummary,
  AUTO_PREPARE_MIN_DESCRIPTION,
  CreateApplicationDto,
  CreateApplicationResponse,
  ListApplicationsQuery,
  UpdateApplicationDto,
  UpdatedApplication,
} from './dto/application.dto';
import { Application } from './entities/application.entity';
import { TimelineEntry } from './entities/timeline-entry.entity';
import { InterviewsService } from './interviews.service';
import { jobUrlKey } from './job-url';
import { TrackerErrorCode, TrackerException } from './tracker.exception';

const TIMELINE_LENGTH = 20;
const INITIAL_STATUS: ApplicationStatus = 'watchlist';

/** Columns of a list item, selected as camelCase so rows need no hydration. */
const SUMMARY_COLUMNS = `id, job_title AS "jobTitle", company, location, job_url AS "jobUrl", status, source, priority,
  salary_min AS "salaryMin", salary_max AS "salaryMax", applied_date AS "appliedDate", created_at AS "createdAt",
  updated_at AS "updatedAt"`;

@Injectable()
export class TrackerService implements TailoringApplications {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly interviews: InterviewsService,
    private readonly resumes: ResumesService,
    private readonly tailoringQueue: TailoringQueue,
    private readonly events: EventsOutbox,
  ) {}

  /**
   * With autoPrepare, the application starts in `preparing` with a copy of the default resume linked as its `cvId`,
   * both in one transaction, and a tailoring job is queued after the commit (if Redis does not take it, the sweep
   * does it later: the application never stays in `preparing`).
   */
  async create(caller: ApiCaller, input: CreateApplicationDto): Promise<CreateApplicationResponse> {
    const listing = input.jobListingId ? await this.jobListing(input.jobListingId) : null;
    const jobDescription = input.jobDescription ?? listing?.description ?? null;
    const defaultResumeId = input.autoPrepare ? await this.checkAutoPrepare(caller, jobDescription) : undefined;
    const key = input.jobUrl ? jobUrlKey(input.jobUrl) : null;
    const result = await this.dataSource.transaction(async (manager): Promise<CreateApplicationResponse> => {
      // ON CONFLICT instead of a read-then-write: concurrent creates of one jobUrl meet at the unique index.
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(Application)
        .values({
          accountId: caller.accountId,
          jobTitle: input.jobTitle,
          company: input.company,
          location: input.location ?? null,
          jobUrl: input.jobUrl ?? null,
          jobUrlKey: key,
          jobDescription,
          jobListingId: listing?.id ?? null,
          publisher: listing?.publisher ?? null,
          salaryMin: roundSalary(listing?.salaryMin),
          salaryMax: roundSalary(listing?.salaryMax),
          salaryPeriod: listing?.salaryPeriod ?? null,
          source: input.source ?? 'Other',
          status: defaultResumeId ? 'preparing' : INITIAL_STATUS,
        })
        .orIgnore()
        .returning(['id'])
        .execute();
      const createdId: string | undefined = inserted.raw[0]?.id;
      if (!createdId) {
        const existing = await manager.findOneOrFail(Application, {
          select: { id: true },
          where: { accountId: caller.accountId, jobUrlKey: key as string },
        });
        return { success: true, applicationId: existing.id, existing: true };
      }
      if (!defaultResumeId) {
        await this.addTimelineEntry(manager, createdId, INITIAL_STATUS, 'Application created');
        await this.events.record(manager, caller.accountId, 'application.created', await storedView(manager, createdId));
        return { success: true, applicationId: createdId, existing: false, autoPrepare: false };
      }
      const cvId = await this.resumes.duplicate(caller.accountId, defaultResumeId, tailoredResumeName(input), manager).catch((error) => {
        // The default resume was deleted since the check.
        throw error instanceof NotFoundError ? noDefaultResume() : error;
      });
      await manager.update(Application, { id: createdId }, { cvId, tailoringPending: true });
      await this.addTimelineEntry(manager, createdId, 'preparing', 'Application created; tailoring a copy of the default resume');
      await this.events.record(manager, caller.accountId, 'application.created', await storedView(manager, createdId));
      return { success: true, applicationId: createdId, existing: false, autoPrepare: true };
    });
    if (result.autoPrepare) await this.tailoringQueue.enqueue(result.applicationId);
    return result;
  }

  /**
   * The hot path of the tracker: written as SQL (no query building per request), the page and the count as two
   * indexed queries in parallel (a window count would read every row's columns).
   */
  async list(caller: ApiCaller, query: ListApplicationsQuery): Promise<ListEnvelope<ApplicationSummary>> {
    const parameters: unknown[] = [caller.accountId];
    let where = 'account_id = $1';
    if (query.status) {
      parameters.push(query.status);
      where += ' AND status = $2';
    } else if (query.archived !== undefined) {
      parameters.push(ARCHIVED_STATUSES);
      where += query.archived ? ' AND status = ANY($2)' : ' AND status <> ALL($2)';
    }
    const paging = parameters.length;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query<ApplicationSummary[]>(
        `SELECT ${SUMMARY_COLUMNS} FROM applications WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${paging + 1} OFFSET $${paging + 2}`,
        [...parameters, query.limit, query.offset],
      ),
      this.dataSource.query<{ total: number }[]>(`SELECT count(*)::int AS total FROM applications WHERE ${where}`, parameters),
    ]);
    return listEnvelope(rows.map(withArchivedFlag), total, query);
  }

  async get(caller: ApiCaller, id: string): Promise<ApplicationDetail> {
    const application = await this.dataSource.getRepository(Application).findOneBy({ id, accountId: caller.accountId });
    if (!application) throw new NotFoundError();
    const timeline = await this.dataSource.getRepository(TimelineEntry).find({
      select: { id: true, status: true, description: true, createdAt: true },
      where: { applicationId: id },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: TIMELINE_LENGTH,
    });
    return { ...detailOf(application), timeline, interviews: await this.interviews.listForApplication(id) };
  }

  async update(caller: ApiCaller, id: string, changes: UpdateApplicationDto): Promise<UpdatedApplication> {
    return this.dataSource.transaction(async (manager) => {
      const application = await manager.findOne(Application, {
        where: { id, accountId: caller.accountId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!application) throw new NotFoundError();
      const previousStatus = application.status;
      Object.assign(application, changes);
      if (changes.status && changes.status !== previousStatus) {
        // Moving on from `preparing` by hand cancels a tailoring that has not run: the person has taken over.
        application.tailoringPending = false;
        if (changes.status === 'applied' && !application.appliedDate) application.appliedDate = new Date();
        await this.addTimelineEntry(manager, id, changes.status, `Status changed from ${previousStatus} to ${changes.status}`);
      }
      const saved = await manager.save(application);
      await this.events.record(manager, caller.accountId, 'application.updated', detailOf(saved));
      if (saved.status !== previousStatus) {
        await this.events.record(manager, caller.accountId, 'application.status_changed', {
          from: previousStatus,
          to: saved.status,
          application: detailOf(saved),
        });
      }
      const {
        jobDescription: _description,
        salaryPeriod: _period,
        cvId: _cvId,
        tailoringReport: _report,
        jobListingId: _listing,
        publisher: _publisher,
        ...updated
      } = detailOf(saved);
      return updated;
    });
  }

  async remove(caller: ApiCaller, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(Application, { id, accountId: caller.accountId });
      if (!result.affected) throw new NotFoundError();
      await this.events.record(manager, caller.accountId, 'application.deleted', { id });
    });
  }

  /** An application whose tailoring is pending, with what tailoring reads of it; undefined once it is not. */
  async pendingTailoring(applicationId: string): Promise<PendingTailoring | undefined> {
    const application = await this.dataSource.getRepository(Application).findOne({
      select: { id: true, accountId: true, jobTitle: true, company: true, jobDescription: true, cvId: true },
      where: { id: applicationId, tailoringPending: true },
    });
    return application ?? undefined;
  }

  /** Applications whose tailoring has been pending for longer than `ms`: the sweep checks that each still has a job. */
  async tailoringPendingSince(ms: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM applications WHERE tailoring_pending AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at',
      [ms / 1000],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Ends a pending tailoring: the application moves from `preparing` to `watchlist` with a timeline entry saying how
   * tailoring went, and keeps the report. False when it was no longer pending (moved on by the person, or finished
   * by an earlier attempt).
   */
  async finishPreparing(applicationId: string, outcome: TailoringOutcome): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const application = await manager.findOne(Application, {
        select: { id: true, accountId: true },
        where: { id: applicationId, tailoringPending: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (!application) return false;
      const report = 'report' in outcome ? outcome.report : null;
      await manager.update(Application, { id: applicationId }, { status: 'watchlist', tailoringReport: report, tailoringPending: false });
      const description = report
        ? `Resume tailored: it now covers ${report.scoreAfter}% of the job's skills (${report.scoreBefore}% before)`
        : `Tailoring failed (${'failure' in outcome ? outcome.failure : ''}); the copied resume is unchanged`;
      await this.addTimelineEntry(manager, applicationId, 'watchlist', description);
      const view = await storedView(manager, applicationId);
      await this.events.record(manager, application.accountId, 'application.status_changed', { from: 'preparing', to: 'watchlist', application: view });
      if (report) await this.events.record(manager, application.accountId, 'application.prepared', view);
      else
        await this.events.record(manager, application.accountId, 'application.preparation_failed', {
          reason: 'failure' in outcome ? outcome.failure : '',
          application: view,
        });
      return true;
    });
  }

  /** The listing an application is created from; an unknown id is a validation failure (400 on `jobListingId`). */
  private async jobListing(id: string): Promise<Pick<JobListing, 'id' | 'description' | 'salaryMin' | 'salaryMax' | 'salaryPeriod' | 'publisher'>> {
    const listing = await this.dataSource.getRepository(JobListing).findOne({
      select: { id: true, description: true, salaryMin: true, salaryMax: true, salaryPeriod: true, publisher: true },
      where: { id },
    });
    if (!listing) throw ValidationFailedError.field('jobListingId', 'does not match a job listing');
    return listing;
  }

  /** The autoPrepare requirements, in the order their errors take precedence; answers the default resume to copy. */
  private async checkAutoPrepare(caller: ApiCaller, jobDescription: string | null): Promise<string> {
    if (caller.plan !== 'plus' || !caller.features.includes('auto-prepare')) {
      throw new TrackerException(TrackerErrorCode.PLAN_REQUIRED, 'autoPrepare requires the Plus plan with the auto-prepare feature', {
        requiresUpgrade: true,
      });
    }
    const defaultResume = await this.dataSource.getRepository(Resume).findOne({
      select: { id: true },
      where: { accountId: caller.accountId, isDefault: true },
    });
    if (!defaultResume) throw noDefaultResume();
    if ((jobDescription ?? '').length < AUTO_PREPARE_MIN_DESCRIPTION) {
      throw new TrackerException(
        TrackerErrorCode.JOB_DESCRIPTION_TOO_SHORT,
        `autoPrepare needs a job description of at least ${AUTO_PREPARE_MIN_DESCRIPTION} characters`,
      );
    }
    if (!(await this.tailoringQueue.isAvailable())) {
      throw new TailoringException(TailoringErrorCode.QUEUE_UNAVAILABLE, 'Resume tailoring is unavailable right now; nothing was created, retry shortly', {
        retryAfter: 5,
      });
    }
    return defaultResume.id;
  }

  private async addTimelineEntry(manager: EntityManager, applicationId: string, status: ApplicationStatus, description: string) {
    await manager.insert(TimelineEntry, { applicationId, status, description });
  }
}

function noDefaultResume(): TrackerException {
  return new TrackerException(TrackerErrorCode.NO_DEFAULT_RESUME, 'autoPrepare needs a default resume to tailor');
}

/** "Acme – Backend Engineer", within the resume name limit. */
function tailoredResumeName(input: CreateApplicationDto): string {
  return `${input.company} – ${input.jobTitle}`.slice(0, RESUME_LIMITS.name);
}

function withArchivedFlag<T extends { status: ApplicationStatus }>(row: T): T & { isArchived: boolean } {
  return { ...row, isArchived: isArchivedStatus(row.status) };
}

/** Applications keep whole currency units; an hourly rate like 42.5 is kept as 43. */
function roundSalary(amount: number | null | undefined): number | null {
  return amount === null || amount === undefined ? null : Math.round(amount);
}

function detailOf(application: Application): Omit<ApplicationDetail, 'timeline' | 'interviews'> {
  const { accountId: _accountId, jobUrlKey: _key, tailoringPending: _pending, account: _account, cv: _cv, jobListing: _listing, ...fields } = application;
  return withArchivedFlag(fields);
}

/** The application as its read shows it (without the timeline and interviews, which have their own events). */
async function storedView(manager: EntityManager, id: string): Promise<Omit<ApplicationDetail, 'timeline' | 'interviews'>> {
  return detailOf(await manager.findOneByOrFail(Application, { id }));
}
