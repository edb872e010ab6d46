import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { referencedRecord } from '../../common/validation/referenced-record';
import { ListEnvelope } from '../../common/http/paging';
import type { AsJson } from '../../database/json-columns';
import type { Owner } from '../../database/owned-repository';
import { afterCommit } from '../../database/request-transaction';
import { planAllows } from '../accounts/account-plans';
import { CoverLettersRepository } from '../cover-letters/cover-letters.repository';
import { EventsOutbox } from '../events/events-outbox';
import { tailoredResumeName } from '../resumes/resumes.limits';
import { ResumesRepository } from '../resumes/resumes.repository';
import { ResumesService } from '../resumes/resumes.service';
import { TailoringQueue } from '../tailoring/tailoring-queue';
import { TailoringErrorCode, TailoringException } from '../tailoring/tailoring.exception';
import { PendingTailoring, TailoringApplications, TailoringOutcome } from '../tailoring/tailoring-applications';
import type { TailoringReport } from '../tailoring/tailoring-report';
import { ACTIVE_STATUSES, APPLICATION_STATUSES, ApplicationStatus, isArchivedStatus } from './application-status';
import { ApplicationsRepository, ListingToTrack } from './applications.repository';
import { assertSalaryOrder, INITIAL_STATUS, NewApplication, shownOf } from './new-application';
import type { CalendarEntries } from './calendar-entries';
import {
  ApplicationDetail,
  ApplicationSummary,
  CreateApplicationDto,
  CreateApplicationResponse,
  ListApplicationsQuery,
  REFERENCE_MESSAGES,
  TrackerBoard,
  UpdateApplicationDto,
  UpdatedApplication,
} from './dto/application.dto';
import { AUTO_PREPARE_MIN_DESCRIPTION } from './tracker.limits';
import { Application, JOB_URL_UNIQUE_INDEX } from './entities/application.entity';
import { jobUrlKey } from './job-url';
import { TrackerErrorCode, TrackerException } from './tracker.exception';

@Injectable()
export class TrackerService implements TailoringApplications {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly resumes: ResumesService,
    private readonly resumeRecords: ResumesRepository,
    private readonly coverLetters: CoverLettersRepository,
    private readonly tailoringQueue: TailoringQueue,
    private readonly events: EventsOutbox,
  ) {}

  /**
   * With autoPrepare, the application starts in `preparing` with a copy of the default resume linked as its `cvId`,
   * both in one transaction, and a tailoring job is queued after the commit (the request's, under an
   * Idempotency-Key); if Redis does not take it, the sweep does it later: the application never stays in `preparing`.
   */
  async create(caller: ApiCaller, input: CreateApplicationDto): Promise<CreateApplicationResponse> {
    if (input.autoPrepare && input.cvId !== undefined)
      throw ValidationFailedError.field('cvId', 'cannot be sent with autoPrepare, which links the tailored copy');
    const listing = input.jobListingId ? await this.jobListing(input.jobListingId) : null;
    const jobDescription = input.jobDescription ?? listing?.description ?? null;
    // What the body gives wins over what the listing has.
    const salary = {
      salaryMin: input.salaryMin ?? roundSalary(listing?.salaryMin),
      salaryMax: input.salaryMax ?? roundSalary(listing?.salaryMax),
      salaryPeriod: input.salaryPeriod ?? listing?.salaryPeriod ?? null,
      salaryCurrency: input.salaryCurrency ?? null,
    };
    assertSalaryOrder(input, salary);
    const defaultResumeId = input.autoPrepare ? await this.checkAutoPrepare(caller, jobDescription) : undefined;
    const key = input.jobUrl ? jobUrlKey(input.jobUrl) : null;
    const application: NewApplication = {
      jobTitle: input.jobTitle,
      company: input.company,
      location: input.location ?? null,
      jobUrl: input.jobUrl ?? null,
      jobUrlKey: key,
      jobDescription,
      jobListingId: listing?.id ?? null,
      publisher: listing?.publisher ?? null,
      ...salary,
      priority: input.priority ?? null,
      notes: input.notes ?? null,
      appliedDate: input.appliedDate ? new Date(input.appliedDate) : null,
      cvId: input.cvId ?? null,
      coverLetterId: null,
      deadline: input.deadline ?? null,
      postedAt: input.postedAt ?? null,
      followUpAt: null,
      followUpAnnouncedAt: null,
      source: input.source ?? 'Other',
      status: INITIAL_STATUS,
      tailoringPending: false,
      tailoringReport: null,
    };
    if (defaultResumeId) return this.createPrepared(caller, application, defaultResumeId, input);
    // The common create is one statement; a linked resume is first checked to be the caller's, and locked.
    const createdId =
      typeof input.cvId === 'string'
        ? await this.applications.transaction(async (applications, manager) => {
            await this.lockReferences(manager, caller, input);
            return applications.createApplication(caller, application, 'Application created', shownOf(application));
          })
        : await this.applications.createApplication(caller, application, 'Application created', shownOf(application));
    if (!createdId) return { success: true, applicationId: await this.applications.idOfJobUrl(caller, key as string), existing: true };
    return { success: true, applicationId: createdId, existing: false, autoPrepare: false };
  }

  /**
   * autoPrepare's create: the copy of the default resume first, so that the application and its event link it from
   * the start. A job already tracked is answered before anything is copied; one tracked by a create that commits in
   * between rolls the copy back.
   */
  private async createPrepared(
    caller: ApiCaller,
    application: NewApplication,
    defaultResumeId: string,
    input: CreateApplicationDto,
  ): Promise<CreateApplicationResponse> {
    const key = application.jobUrlKey;
    const existing = key ? await this.applications.findIdOfJobUrl(caller, key) : undefined;
    if (existing) return { success: true, applicationId: existing, existing: true };
    const createdId = await this.applications
      .transaction(async (applications, manager) => {
        const cvId = await this.resumes.duplicate(caller.accountId, defaultResumeId, tailoredResumeName(input), manager).catch((error) => {
          // The default resume was deleted since the check.
          throw error instanceof NotFoundError ? noDefaultResume() : error;
        });
        const prepared: NewApplication = { ...application, cvId, status: 'preparing', tailoringPending: true };
        const id = await applications.createApplication(caller, prepared, 'Application created; tailoring a copy of the default resume', shownOf(prepared));
        if (!id) throw new TrackedMeanwhile();
        return id;
      })
      .catch((error) => {
        if (error instanceof TrackedMeanwhile) return undefined;
        throw error;
      });
    if (!createdId) return { success: true, applicationId: await this.applications.idOfJobUrl(caller, key as string), existing: true };
    await afterCommit(() => this.tailoringQueue.enqueue(createdId));
    return { success: true, applicationId: createdId, existing: false, autoPrepare: true };
  }

  /** The hot path of the tracker: rows as PostgreSQL gives them, the total from the per-status counts. */
  list(caller: ApiCaller, query: ListApplicationsQuery): Promise<ListEnvelope<AsJson<ApplicationSummary>>> {
    return this.applications.page(caller, query);
  }

  get(caller: ApiCaller, id: string): Promise<AsJson<ApplicationDetail>> {
    return this.applications.detail(caller, id);
  }

  /** The application with its whole timeline rather than the latest entries: what an account's data export holds. */
  async getWhole(owner: Owner, id: string): Promise<AsJson<ApplicationDetail>> {
    const [application, timeline] = await Promise.all([this.applications.detail(owner, id), this.applications.wholeTimeline(owner, id)]);
    return { ...application, timeline };
  }

  /** Counts per status and archive bucket, every status named (0 when it has none), from the counts the list keeps. */
  async board(caller: ApiCaller): Promise<TrackerBoard> {
    const counts = new Map((await this.applications.countsByStatus(caller)).map(({ status, count }) => [status, count]));
    const countOf = (statuses: readonly ApplicationStatus[]) => statuses.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
    const active = countOf(ACTIVE_STATUSES);
    const total = countOf(APPLICATION_STATUSES);
    return {
      total,
      active,
      archived: total - active,
      statuses: APPLICATION_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0, isArchived: isArchivedStatus(status) })),
    };
  }

  /**
   * The ids the body names are locked first, then the application: a resume's or cover letter's deletion locks them
   * in that order too (it unlinks the applications), so the two never wait on each other. A jobUrl of another of the
   * account's applications meets it at the unique index, which answers 409 with that application's id.
   */
  async update(caller: ApiCaller, id: string, changes: UpdateApplicationDto): Promise<UpdatedApplication> {
    try {
      return await this.applications.transaction(async (applications, manager) => {
        await this.lockReferences(manager, caller, changes);
        const application = await applications.require(caller, id, 'pessimistic_write');
        const previousStatus = application.status;
        Object.assign(application, storedChanges(changes));
        assertSalaryOrder(changes, application);
        if (changes.status && changes.status !== previousStatus) {
          // Moving on from `preparing` by hand cancels a tailoring that has not run: the person has taken over.
          application.tailoringPending = false;
          if (changes.status === 'applied' && !application.appliedDate) application.appliedDate = new Date();
          await applications.addTimelineEntry(id, changes.status, `Status changed from ${previousStatus} to ${changes.status}`);
        }
        const saved = await applications.save(application);
        await this.events.record(manager, caller.accountId, 'application.updated', detailOf(saved));
        if (saved.status !== previousStatus) {
          await this.events.record(manager, caller.accountId, 'application.status_changed', {
            from: previousStatus,
            to: saved.status,
            application: detailOf(saved),
          });
        }
        return updatedView(saved);
      });
    } catch (error) {
      if ((error as { constraint?: string }).constraint !== JOB_URL_UNIQUE_INDEX || !changes.jobUrl) throw error;
      const existingId = await this.applications.findIdOfJobUrl(caller, jobUrlKey(changes.jobUrl));
      // The application it met was deleted in the meantime: the URL is free again.
      if (!existingId) return this.update(caller, id, changes);
      throw new TrackerException(TrackerErrorCode.DUPLICATE_JOB_URL, 'Another of your applications has this jobUrl', { existingId });
    }
  }

  remove(caller: ApiCaller, id: string): Promise<void> {
    return this.applications.transaction(async (applications, manager) => {
      await applications.remove(caller, id);
      await this.events.record(manager, caller.accountId, 'application.deleted', { id });
    });
  }

  /** An application whose tailoring is pending, with what tailoring reads of it; undefined once it is not. */
  async pendingTailoring(applicationId: string): Promise<PendingTailoring | undefined> {
    return (await this.applications.pendingTailoring(applicationId)) ?? undefined;
  }

  /** The job of one of the account's applications, for a tailoring an agent writes; null when the account has none of that id. */
  async jobOf(owner: Owner, applicationId: string): Promise<Pick<PendingTailoring, 'jobTitle' | 'company' | 'jobDescription'> | null> {
    const application = await this.applications.find(owner, applicationId);
    return application && { jobTitle: application.jobTitle, company: application.company, jobDescription: application.jobDescription };
  }

  /** Applications whose tailoring has been pending for longer than `ms`: the sweep checks that each still has a job. */
  tailoringPendingSince(ms: number): Promise<string[]> {
    return this.applications.tailoringPendingSince(ms);
  }

  /**
   * Ends a pending tailoring: the application moves from `preparing` to `watchlist` with a timeline entry saying how
   * tailoring went, and keeps the report. False when it was no longer pending (moved on by the person, or finished
   * by an earlier attempt).
   */
  async finishPreparing(applicationId: string, outcome: TailoringOutcome): Promise<boolean> {
    return this.applications.transaction(async (applications, manager) => {
      const application = await applications.pendingTailoring(applicationId, 'pessimistic_write');
      if (!application) return false;
      const report = 'report' in outcome ? outcome.report : null;
      await applications.endTailoring(applicationId, report);
      const description = !report
        ? `Tailoring failed (${'failure' in outcome ? outcome.failure : ''}); the copied resume is unchanged`
        : (report.changed
            ? `Resume tailored${byEngine(report)}: it now covers ${report.scoreAfter}% of the job's skills (${report.scoreBefore}% before)`
            : `Resume left as it was: no order or hiding of its items covers more of the job's skills (${report.scoreBefore}%)`) +
          (report.fallbackReason ? `; the rules engine ran because ${report.fallbackReason}` : '');
      await applications.addTimelineEntry(applicationId, 'watchlist', description);
      const view = await storedView(applications, application.accountId, applicationId);
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

  /**
   * Records `application.follow_up_due` for up to `limit` applications whose followUpAt has passed and was not yet
   * announced, and marks that date announced, in one transaction: the event and the mark commit together. Rows that
   * another process is announcing are skipped, not waited for, so each due date is announced once however many
   * processes sweep. Answers how many it announced.
   */
  announceDueFollowUps(limit: number): Promise<number> {
    return this.applications.transaction(async (applications, manager) => {
      const due = await applications.dueFollowUps(limit);
      for (const application of due) {
        await this.events.record(manager, application.accountId, 'application.follow_up_due', {
          followUpAt: application.followUpAt,
          application: detailOf(application),
        });
      }
      await applications.markFollowUpsAnnounced(due.map((application) => application.id));
      return due.length;
    });
  }

  /** The account's interviews and follow-ups, for its calendar feed. */
  calendarEntries(owner: Owner): Promise<CalendarEntries> {
    return this.applications.calendarEntries(owner);
  }

  /** ResumeTailoringState: the PDF export waits while autoPrepare is still tailoring the resume. */
  isTailoring(accountId: string, resumeId: string): Promise<boolean> {
    return this.applications.isTailoring(accountId, resumeId);
  }

  /** The listing an application is created from; an unknown id is a validation failure (400 on `jobListingId`). */
  private jobListing(id: string): Promise<ListingToTrack> {
    return referencedRecord('jobListingId', 'does not match a job listing', this.applications.listingToTrack(id));
  }

  /** The resume and cover letter a body links, locked until the commit so that neither goes before the link is written. */
  private async lockReferences(manager: EntityManager, caller: ApiCaller, body: { cvId?: string | null; coverLetterId?: string | null }): Promise<void> {
    if (typeof body.cvId === 'string') {
      await referencedRecord('cvId', REFERENCE_MESSAGES.cvId, this.resumeRecords.withManager(manager).owns(caller, body.cvId, 'for_key_share'));
    }
    if (typeof body.coverLetterId === 'string') {
      await referencedRecord(
        'coverLetterId',
        REFERENCE_MESSAGES.coverLetterId,
        this.coverLetters.withManager(manager).owns(caller, body.coverLetterId, 'for_key_share'),
      );
    }
  }

  /** The autoPrepare requirements, in the order their errors take precedence; answers the default resume to copy. */
  private async checkAutoPrepare(caller: ApiCaller, jobDescription: string | null): Promise<string> {
    if (!planAllows(caller).autoPrepare) {
      throw new TrackerException(TrackerErrorCode.PLAN_REQUIRED, 'autoPrepare requires the Plus plan with the auto-prepare feature', {
        requiresUpgrade: true,
      });
    }
    const defaultResumeId = await this.resumes.defaultId(caller);
    if (!defaultResumeId) throw noDefaultResume();
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
    return defaultResumeId;
  }
}

function noDefaultResume(): TrackerException {
  return new TrackerException(TrackerErrorCode.NO_DEFAULT_RESUME, 'autoPrepare needs a default resume to tailor');
}

/** Applications keep whole currency units; an hourly rate like 42.5 is kept as 43. */
function roundSalary(amount: number | null | undefined): number | null {
  return amount === null || amount === undefined ? null : Math.round(amount);
}

/** An update body as the columns it changes: instants as Dates, and a jobUrl with the key duplicates are found by. */
function storedChanges({ appliedDate, followUpAt, jobUrl, ...changes }: UpdateApplicationDto): Partial<Application> {
  return {
    ...changes,
    ...(appliedDate !== undefined && { appliedDate: appliedDate === null ? null : new Date(appliedDate) }),
    ...(followUpAt !== undefined && { followUpAt: followUpAt === null ? null : new Date(followUpAt) }),
    ...(jobUrl !== undefined && { jobUrl, jobUrlKey: jobUrl === null ? null : jobUrlKey(jobUrl) }),
  };
}

function detailOf(application: Application): Omit<ApplicationDetail, 'timeline' | 'interviews'> {
  const {
    accountId: _accountId,
    searchText: _searchText,
    account: _account,
    cv: _cv,
    coverLetter: _coverLetter,
    jobListing: _listing,
    ...stored
  } = application;
  return shownOf(stored);
}

/** Thrown to roll back autoPrepare's copy when another create tracked the same job first. */
class TrackedMeanwhile extends Error {}

/** The answer of PATCH, as the specification lists it: the application without what only its single read shows. */
function updatedView(application: Application): UpdatedApplication {
  const {
    jobDescription: _description,
    salaryPeriod: _period,
    salaryCurrency: _currency,
    cvId: _cvId,
    coverLetterId: _coverLetterId,
    deadline: _deadline,
    postedAt: _postedAt,
    followUpAt: _followUpAt,
    tailoringReport: _report,
    jobListingId: _listing,
    publisher: _publisher,
    ...updated
  } = detailOf(application);
  return updated;
}

/** The application as its read shows it (without the timeline and interviews, which have their own events). */
export async function storedView(applications: ApplicationsRepository, owner: Owner, id: string): Promise<Omit<ApplicationDetail, 'timeline' | 'interviews'>> {
  return detailOf(await applications.require(owner, id));
}

/** Which engine tailored, where it was not the embedded rules: "with AI (gpt-4o-mini)". */
function byEngine(report: TailoringReport): string {
  return report.engine === 'llm' ? ` with AI (${report.model}, ${report.changes.length} texts rewritten)` : '';
}
