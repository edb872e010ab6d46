import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../common/auth/api-caller';
import { NotFoundError, ValidationFailedError } from '../../common/errors/api-errors';
import { ListEnvelope } from '../../common/http/paging';
import type { AsJson } from '../../database/json-columns';
import type { Owner } from '../../database/owned-repository';
import { afterCommit } from '../../database/request-transaction';
import { EventsOutbox } from '../events/events-outbox';
import { RESUME_LIMITS } from '../resumes/dto/resume.dto';
import { ResumesService } from '../resumes/resumes.service';
import { TailoringQueue } from '../tailoring/tailoring-queue';
import { TailoringErrorCode, TailoringException } from '../tailoring/tailoring.exception';
import { PendingTailoring, TailoringApplications, TailoringOutcome } from '../tailoring/tailoring-applications';
import { ApplicationStatus, isArchivedStatus } from './application-status';
import { ApplicationsRepository, ListingToTrack } from './applications.repository';
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
import { jobUrlKey } from './job-url';
import { TrackerErrorCode, TrackerException } from './tracker.exception';

const INITIAL_STATUS: ApplicationStatus = 'watchlist';

@Injectable()
export class TrackerService implements TailoringApplications {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly resumes: ResumesService,
    private readonly tailoringQueue: TailoringQueue,
    private readonly events: EventsOutbox,
  ) {}

  /**
   * With autoPrepare, the application starts in `preparing` with a copy of the default resume linked as its `cvId`,
   * both in one transaction, and a tailoring job is queued after the commit (the request's, under an
   * Idempotency-Key); if Redis does not take it, the sweep does it later: the application never stays in `preparing`.
   */
  async create(caller: ApiCaller, input: CreateApplicationDto): Promise<CreateApplicationResponse> {
    const listing = input.jobListingId ? await this.jobListing(input.jobListingId) : null;
    const jobDescription = input.jobDescription ?? listing?.description ?? null;
    const defaultResumeId = input.autoPrepare ? await this.checkAutoPrepare(caller, jobDescription) : undefined;
    const key = input.jobUrl ? jobUrlKey(input.jobUrl) : null;
    const result = await this.applications.transaction(async (applications, manager): Promise<CreateApplicationResponse> => {
      const createdId = await applications.insertUnlessDuplicate(caller, {
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
      });
      if (!createdId) return { success: true, applicationId: await applications.idOfJobUrl(caller, key as string), existing: true };
      if (!defaultResumeId) {
        await applications.addTimelineEntry(createdId, INITIAL_STATUS, 'Application created');
        await this.events.record(manager, caller.accountId, 'application.created', await storedView(applications, caller, createdId));
        return { success: true, applicationId: createdId, existing: false, autoPrepare: false };
      }
      const cvId = await this.resumes.duplicate(caller.accountId, defaultResumeId, tailoredResumeName(input), manager).catch((error) => {
        // The default resume was deleted since the check.
        throw error instanceof NotFoundError ? noDefaultResume() : error;
      });
      await applications.update(caller, createdId, { cvId, tailoringPending: true });
      await applications.addTimelineEntry(createdId, 'preparing', 'Application created; tailoring a copy of the default resume');
      await this.events.record(manager, caller.accountId, 'application.created', await storedView(applications, caller, createdId));
      return { success: true, applicationId: createdId, existing: false, autoPrepare: true };
    });
    if (result.autoPrepare) await afterCommit(() => this.tailoringQueue.enqueue(result.applicationId));
    return result;
  }

  /** The hot path of the tracker: rows as PostgreSQL gives them, the total from the per-status counts. */
  list(caller: ApiCaller, query: ListApplicationsQuery): Promise<ListEnvelope<AsJson<ApplicationSummary>>> {
    return this.applications.page(caller, query);
  }

  get(caller: ApiCaller, id: string): Promise<AsJson<ApplicationDetail>> {
    return this.applications.detail(caller, id);
  }

  async update(caller: ApiCaller, id: string, changes: UpdateApplicationDto): Promise<UpdatedApplication> {
    return this.applications.transaction(async (applications, manager) => {
      const application = await applications.require(caller, id, 'pessimistic_write');
      const previousStatus = application.status;
      Object.assign(application, changes);
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
      const description = report
        ? `Resume tailored: it now covers ${report.scoreAfter}% of the job's skills (${report.scoreBefore}% before)`
        : `Tailoring failed (${'failure' in outcome ? outcome.failure : ''}); the copied resume is unchanged`;
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

  /** ResumeTailoringState: the PDF export waits while autoPrepare is still tailoring the resume. */
  isTailoring(accountId: string, resumeId: string): Promise<boolean> {
    return this.applications.isTailoring(accountId, resumeId);
  }

  /** The listing an application is created from; an unknown id is a validation failure (400 on `jobListingId`). */
  private async jobListing(id: string): Promise<ListingToTrack> {
    const listing = await this.applications.listingToTrack(id);
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

/** "Acme – Backend Engineer", within the resume name limit. */
function tailoredResumeName(input: CreateApplicationDto): string {
  return `${input.company} – ${input.jobTitle}`.slice(0, RESUME_LIMITS.name);
}

/** Applications keep whole currency units; an hourly rate like 42.5 is kept as 43. */
function roundSalary(amount: number | null | undefined): number | null {
  return amount === null || amount === undefined ? null : Math.round(amount);
}

function detailOf(application: Application): Omit<ApplicationDetail, 'timeline' | 'interviews'> {
  const { accountId: _accountId, jobUrlKey: _key, tailoringPending: _pending, account: _account, cv: _cv, jobListing: _listing, ...fields } = application;
  return { ...fields, isArchived: isArchivedStatus(fields.status) };
}

/** The application as its read shows it (without the timeline and interviews, which have their own events). */
async function storedView(applications: ApplicationsRepository, owner: Owner, id: string): Promise<Omit<ApplicationDetail, 'timeline' | 'interviews'>> {
  return detailOf(await applications.require(owner, id));
}
