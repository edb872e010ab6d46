import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PagingQuery } from '../../../common/http/paging';
import { TailoringReportView } from '../../tailoring/dto/tailoring-report.dto';
import { BooleanField, EnumField, IntField, QueryBooleanField, TextField, UrlField, UuidField } from '../../../common/validation/field.decorators';
import { SALARY_PERIODS, SalaryPeriod } from '../../../common/validation/salary-period';
import { APPLICATION_SOURCES, APPLICATION_STATUSES, ApplicationSource, ApplicationStatus } from '../application-status';
import { InterviewView } from './interview.dto';

export const APPLICATION_LIMITS = { text: 200, jobUrl: 2000, jobDescription: 50_000, notes: 20_000 } as const;
/** The shortest job description autoPrepare can tailor a resume to. */
export const AUTO_PREPARE_MIN_DESCRIPTION = 500;
/** Route limits that differ from their kind's default: the specification gives an application's read 60, not a single read's 30. */
export const TRACKER_RATE_LIMITS = { getApplication: 60 } as const;

const statusField = (options: { optional?: boolean; description: string }) =>
  EnumField(APPLICATION_STATUSES, { ...options, message: 'must be a valid status', enumName: 'ApplicationStatus' });

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

  @IntField({ nullable: true, min: 1, max: 5, description: '1 (low) to 5 (high); null clears it', example: 4 })
  priority?: number | null;

  @TextField({
    description: 'Free-form notes on the application; null clears them',
    nullable: true,
    max: APPLICATION_LIMITS.notes,
    example: 'Referred by Ada; follow up on Friday.',
  })
  notes?: string | null;

  @TextField({ description: 'The role applied for; cannot be cleared', optional: true, notBlank: true, max: APPLICATION_LIMITS.text })
  jobTitle?: string;

  @TextField({ description: 'The hiring company; cannot be cleared', optional: true, notBlank: true, max: APPLICATION_LIMITS.text })
  company?: string;

  @TextField({ description: 'Where the job is; null clears it', nullable: true, max: APPLICATION_LIMITS.text })
  location?: string | null;
}

export class ListApplicationsQuery extends PagingQuery {
  @statusField({ optional: true, description: 'Only applications in this status' })
  status?: ApplicationStatus;

  @QueryBooleanField({ description: 'true: only archived applications; false: only active ones. Ignored when `status` is given.' })
  archived?: boolean;
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

export class TimelineEntryView {
  id: string;
  @ApiProperty({ enum: APPLICATION_STATUSES, enumName: 'ApplicationStatus' })
  status: ApplicationStatus;
  description: string;
  createdAt: Date;
}

export class ApplicationDetail extends UpdatedApplication {
  jobDescription: string | null;
  @ApiProperty({ enum: SALARY_PERIODS, nullable: true })
  salaryPeriod: SalaryPeriod | null;
  /** The linked resume, e.g. the tailored copy autoPrepare made. */
  cvId: string | null;
  /** The job listing the application was created from. */
  jobListingId: string | null;
  /** Where that listing was published, copied from it. */
  publisher: string | null;
  /** Status changes, most recent first, at most 20. */
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
