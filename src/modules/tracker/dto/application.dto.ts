import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PagingQuery } from '../../../common/http/paging';
import { TailoringReportView } from '../../tailoring/dto/tailoring-report.dto';
import { Type } from 'class-transformer';
import {
  BooleanField,
  CurrencyField,
  DateField,
  DateTimeField,
  EnumField,
  IntField,
  QueryBooleanField,
  TextField,
  UrlField,
  UuidField,
} from '../../../common/validation/field.decorators';
import { SALARY_PERIODS, SalaryPeriod } from '../../../common/validation/salary-period';
import { APPLICATION_SOURCES, APPLICATION_STATUSES, ApplicationSource, ApplicationStatus } from '../application-status';
import { APPLICATION_SORTS, ApplicationSort, DEFAULT_APPLICATION_SORT } from '../application-sorts';
import { ACTIVITY_TYPES, ActivityType } from '../activity-types';
import { InterviewView } from './interview.dto';
import { APPLICATION_LIMITS, AUTO_PREPARE_MIN_DESCRIPTION } from '../tracker.limits';

const statusField = (options: { optional?: boolean; description: string }) =>
  EnumField(APPLICATION_STATUSES, { ...options, message: 'must be a valid status', enumName: 'ApplicationStatus' });

/** What an id in a body that names none of the caller's records is told, malformed or not. */
export const REFERENCE_MESSAGES = { cvId: 'must be the id of one of your resumes', coverLetterId: 'must be the id of one of your cover letters' } as const;

/** Create leaves a field out for "none"; update also takes null, which clears it. */
type Presence = { optional: true } | { nullable: true };
const ON_CREATE: Presence = { optional: true };
const ON_UPDATE: Presence = { nullable: true };

const described = (presence: Presence, description: string) => ({
  ...presence,
  description: 'nullable' in presence ? `${description}; null clears it` : description,
});

/**
 * The facts of an application that create and update both take, declared once with the body's presence, so that the
 * rule, the message and the document cannot differ between the two.
 */
const fact = {
  priority: (presence: Presence) => IntField({ ...described(presence, '1 (low) to 5 (high)'), ...APPLICATION_LIMITS.priority, example: 4 }),
  notes: (presence: Presence) =>
    TextField({
      ...described(presence, 'Free-form notes on the application'),
      max: APPLICATION_LIMITS.notes,
      example: 'Referred by Ada; follow up on Friday.',
    }),
  salaryMin: (presence: Presence) =>
    IntField({ ...described(presence, 'In whole units of salaryCurrency; at most salaryMax'), min: 0, max: APPLICATION_LIMITS.salary, example: 70000 }),
  salaryMax: (presence: Presence) =>
    IntField({ ...described(presence, 'In whole units of salaryCurrency; at least salaryMin'), min: 0, max: APPLICATION_LIMITS.salary, example: 85000 }),
  salaryPeriod: (presence: Presence) =>
    EnumField(SALARY_PERIODS, { ...described(presence, 'What the salary is paid per'), enumName: 'SalaryPeriod', example: 'YEAR' }),
  salaryCurrency: (presence: Presence) => CurrencyField({ ...described(presence, 'ISO 4217 code of the salary'), example: 'EUR' }),
  appliedDate: (presence: Presence) =>
    DateTimeField({ ...described(presence, 'When the application was sent (moving to `applied` sets it when empty)'), example: '2026-11-20T09:30:00Z' }),
  cvId: (presence: Presence) => UuidField({ ...described(presence, 'The resume sent: one of your resumes (`/v1/resume`)'), message: REFERENCE_MESSAGES.cvId }),
  deadline: (presence: Presence) => DateField({ ...described(presence, 'The last day to apply'), example: '2026-12-15' }),
  postedAt: (presence: Presence) => DateField({ ...described(presence, 'When the job was posted'), example: '2026-11-02' }),
};

/** A salary range whose minimum is above its maximum: a 400 on the field the body sent (salaryMin when it sent both). */
export const SALARY_ORDER_MESSAGES = { salaryMin: 'must not be greater than salaryMax', salaryMax: 'must not be less than salaryMin' } as const;

export class CreateApplicationDto {
  @TextField({ description: 'The role applied for, as the posting names it', max: APPLICATION_LIMITS.text, example: 'Senior Backend Engineer' })
  jobTitle: string;

  @TextField({ description: 'The hiring company', max: APPLICATION_LIMITS.text, example: 'Acme Corp' })
  company: string;

  @TextField({ description: 'Where the job is (city, country or remote)', optional: true, max: APPLICATION_LIMITS.text, example: 'Berlin, Germany' })
  location?: string;

  @UrlField({
    optional: true,
    max: APPLICATION_LIMITS.jobUrl,
    example: 'https://jobs.acme.example/1234',
    description: 'Duplicate detection key: an application with the same URL is returned instead of a new one',
  })
  jobUrl?: string;

  @TextField({
    optional: true,
    max: APPLICATION_LIMITS.jobDescription,
    description: `At least ${AUTO_PREPARE_MIN_DESCRIPTION} characters when autoPrepare is true`,
  })
  jobDescription?: string;

  @UuidField({
    optional: true,
    message: 'must be a job listing id',
    description: "Id from job search: the listing's description (when jobDescription is absent) and salary are copied, and the application stays linked to it",
  })
  jobListingId?: string;

  @EnumField(APPLICATION_SOURCES, { optional: true, enumName: 'ApplicationSource', default: 'Other', description: 'Defaults to `Other`' })
  source?: ApplicationSource;

  @fact.priority(ON_CREATE)
  priority?: number;

  @fact.notes(ON_CREATE)
  notes?: string;

  @fact.salaryMin(ON_CREATE)
  salaryMin?: number;

  @fact.salaryMax(ON_CREATE)
  salaryMax?: number;

  @fact.salaryPeriod(ON_CREATE)
  salaryPeriod?: SalaryPeriod;

  @fact.salaryCurrency(ON_CREATE)
  salaryCurrency?: string;

  @fact.appliedDate(ON_CREATE)
  appliedDate?: string;

  @fact.cvId(ON_CREATE)
  cvId?: string;

  @fact.deadline(ON_CREATE)
  deadline?: string;

  @fact.postedAt(ON_CREATE)
  postedAt?: string;

  @BooleanField({
    optional: true,
    default: false,
    description: 'Tailor a copy of the default resume to this job in the background (Plus plan with the auto-prepare feature)',
  })
  autoPrepare?: boolean;
}

export class UpdateApplicationDto {
  @statusField({ optional: true, description: 'Moves the application through the pipeline; each change is recorded in its timeline' })
  status?: ApplicationStatus;

  @fact.priority(ON_UPDATE)
  priority?: number | null;

  @fact.notes(ON_UPDATE)
  notes?: string | null;

  @TextField({ description: 'The role applied for; cannot be cleared', optional: true, notBlank: true, max: APPLICATION_LIMITS.text })
  jobTitle?: string;

  @TextField({ description: 'The hiring company; cannot be cleared', optional: true, notBlank: true, max: APPLICATION_LIMITS.text })
  company?: string;

  @TextField({ description: 'Where the job is; null clears it', nullable: true, max: APPLICATION_LIMITS.text })
  location?: string | null;

  @UrlField({
    nullable: true,
    max: APPLICATION_LIMITS.jobUrl,
    example: 'https://jobs.acme.example/1234',
    description: 'Checked for duplicates as on create: the URL of another of your applications is a 409 `DUPLICATE_JOB_URL`; null clears it',
  })
  jobUrl?: string | null;

  @TextField({ description: "The posting's text; null clears it", nullable: true, max: APPLICATION_LIMITS.jobDescription })
  jobDescription?: string | null;

  @EnumField(APPLICATION_SOURCES, { optional: true, enumName: 'ApplicationSource', description: 'Where the job was found; cannot be cleared' })
  source?: ApplicationSource;

  @fact.salaryMin(ON_UPDATE)
  salaryMin?: number | null;

  @fact.salaryMax(ON_UPDATE)
  salaryMax?: number | null;

  @fact.salaryPeriod(ON_UPDATE)
  salaryPeriod?: SalaryPeriod | null;

  @fact.salaryCurrency(ON_UPDATE)
  salaryCurrency?: string | null;

  @fact.appliedDate(ON_UPDATE)
  appliedDate?: string | null;

  @fact.cvId(ON_UPDATE)
  cvId?: string | null;

  @UuidField({
    nullable: true,
    message: REFERENCE_MESSAGES.coverLetterId,
    description: 'The cover letter sent: one of your cover letters (`/v1/cover-letter`); null clears it',
  })
  coverLetterId?: string | null;

  @fact.deadline(ON_UPDATE)
  deadline?: string | null;

  @fact.postedAt(ON_UPDATE)
  postedAt?: string | null;

  @DateTimeField({ nullable: true, description: 'When to follow up on the application; null clears it', example: '2026-11-27T09:00:00Z' })
  followUpAt?: string | null;
}

export class ListApplicationsQuery extends PagingQuery {
  @statusField({ optional: true, description: 'Only applications in this status' })
  status?: ApplicationStatus;

  @QueryBooleanField({ description: 'true: only archived applications; false: only active ones. Ignored when `status` is given.' })
  archived?: boolean;

  @Type(() => Number)
  @IntField({ optional: true, ...APPLICATION_LIMITS.priority, description: 'Only applications of this priority', example: 5 })
  priority?: number;

  @TextField({
    optional: true,
    max: APPLICATION_LIMITS.q,
    description: 'Only applications whose title, company or location contains this text, whatever the case and accents (`zurich` finds Zürich)',
    example: 'zurich',
  })
  q?: string;

  @DateTimeField({
    optional: true,
    description: 'Only applications with a followUpAt before this instant (an ISO 8601 date-time with a time zone): those to follow up on by then',
    example: '2026-12-01T00:00:00Z',
  })
  followUpBefore?: string;

  @EnumField(APPLICATION_SORTS, {
    optional: true,
    enumName: 'ApplicationSort',
    default: DEFAULT_APPLICATION_SORT,
    description:
      "The order: a key, ascending, or with `-` descending. Applications without the key's value (appliedDate, priority, followUpAt) come last either way; ties go by id, so pages never overlap.",
  })
  sort?: ApplicationSort;
}

export class CreateApplicationResponse {
  @ApiProperty({ example: true })
  success: boolean;

  @ApiProperty({ example: '0d6f8f0e-7a8e-4a53-9a43-2f7c1c6c9d10' })
  applicationId: string;

  @ApiProperty({ description: 'true when an application with the same jobUrl already existed; nothing was created' })
  existing: boolean;

  @ApiPropertyOptional({ description: 'Absent when `existing` is true' })
  autoPrepare?: boolean;
}

/** An application in list results. */
export class ApplicationSummary {
  id: string;
  jobTitle: string;
  company: string;
  location: string | null;
  jobUrl: string | null;
  @ApiProperty({ enum: APPLICATION_STATUSES, enumName: 'ApplicationStatus' })
  status: ApplicationStatus;
  @ApiProperty({ enum: APPLICATION_SOURCES, enumName: 'ApplicationSource' })
  source: ApplicationSource;
  priority: number | null;
  salaryMin: number | null;
  salaryMax: number | null;
  appliedDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** True exactly when status is accepted, rejected, withdrawn or no_response. */
  isArchived: boolean;
}

/** The answer of PATCH: the full updated application. */
export class UpdatedApplication extends ApplicationSummary {
  notes: string | null;
}

/**
 * A status change (id, status, description, createdAt), or an activity, which adds `type` and `occurredAt`, has its
 * body as `description` and, as `status`, the application's status when it was recorded.
 */
export class TimelineEntryView {
  id: string;
  @ApiProperty({ enum: APPLICATION_STATUSES, enumName: 'ApplicationStatus' })
  status: ApplicationStatus;
  description: string;
  /** When the entry was recorded: its place in the timeline. */
  createdAt: Date;
  @ApiPropertyOptional({ enum: ACTIVITY_TYPES, enumName: 'ActivityType', description: 'Only on an activity: its kind' })
  type?: ActivityType;
  @ApiPropertyOptional({ description: 'Only on an activity: when it happened' })
  occurredAt?: Date;
}

export class ApplicationDetail extends UpdatedApplication {
  jobDescription: string | null;
  @ApiProperty({ enum: SALARY_PERIODS, nullable: true })
  salaryPeriod: SalaryPeriod | null;
  @ApiProperty({ nullable: true, example: 'EUR', description: 'ISO 4217 code of salaryMin and salaryMax' })
  salaryCurrency: string | null;
  /** The linked resume, e.g. the tailored copy autoPrepare made. */
  cvId: string | null;
  /** The cover letter sent with the application. */
  coverLetterId: string | null;
  @ApiProperty({ nullable: true, format: 'date', example: '2026-12-15', description: 'The last day to apply' })
  deadline: string | null;
  @ApiProperty({ nullable: true, format: 'date', example: '2026-11-02', description: 'When the job was posted' })
  postedAt: string | null;
  /** When to follow up on the application. */
  followUpAt: Date | null;
  /** The job listing the application was created from. */
  jobListingId: string | null;
  /** Where that listing was published, copied from it. */
  publisher: string | null;
  /** Status changes and activities, the latest recorded first, at most 20. */
  timeline: TimelineEntryView[];
  /** In date order. */
  interviews: InterviewView[];
  /** Set once autoPrepare has tailored the linked resume. */
  @ApiProperty({ type: TailoringReportView, nullable: true })
  tailoringReport: TailoringReportView | null;
}

export class ApplicationDetailResponse {
  data: ApplicationDetail;
}

export class StatusCount {
  @ApiProperty({ enum: APPLICATION_STATUSES, enumName: 'ApplicationStatus' })
  status: ApplicationStatus;
  @ApiProperty({ example: 3 })
  count: number;
  /** Whether the status belongs to the archived bucket. */
  isArchived: boolean;
}

/** The account's applications counted per status and per archive bucket. */
export class TrackerBoard {
  @ApiProperty({ example: 12 })
  total: number;
  /** Applications in an active status. */
  @ApiProperty({ example: 10 })
  active: number;
  /** Applications in an archived status (accepted, rejected, withdrawn, no_response). */
  @ApiProperty({ example: 2 })
  archived: number;
  /** Every status, in pipeline order, with 0 for a status no application is in. */
  @ApiProperty({ type: [StatusCount] })
  statuses: StatusCount[];
}

export class TrackerBoardResponse {
  data: TrackerBoard;
}
