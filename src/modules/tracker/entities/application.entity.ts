import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CoverLetter } from '../../cover-letters/entities/cover-letter.entity';
import { JobListing } from '../../jobs/entities/job-listing.entity';
import { Resume } from '../../resumes/entities/resume.entity';
import { WithJobColumns } from '../../../database/job-columns.entity';
import { OwnedRecord } from '../../../database/owned-record.entity';
import type { SalaryPeriod } from '../../../common/validation/salary-period';
import type { ApplicationSource, ApplicationStatus } from '../application-status';
import type { TailoringReport } from '../../tailoring/tailoring-report';

/**
 * What `q` searches: title, company and location, lowercased and without accents (`search_fold`, see the migration
 * ApplicationListOrders), one line each.
 */
const APPLICATION_SEARCH_TEXT_EXPRESSION = "search_fold(job_title || E'\\n' || company || coalesce(E'\\n' || location, ''))";

/** Two applications of an account never share a jobUrl (by its key): creates and updates meet here. */
export const JOB_URL_UNIQUE_INDEX = 'applications_account_job_url';

/**
 * A tracked job application. `isArchived` is derived from `status` and never stored. The list has an index per
 * sort key (two for a key that may be empty, which sorts last both ways) and a trigram index for `q`; those marked
 * `synchronize: false` are written by hand in the migration ApplicationListOrders.
 */
@Entity('applications')
@Index(JOB_URL_UNIQUE_INDEX, ['accountId', 'jobUrlKey'], { unique: true, where: 'job_url_key IS NOT NULL' })
@Index('applications_account_created', ['accountId', 'createdAt', 'id'])
@Index('applications_account_updated', ['accountId', 'updatedAt', 'id'])
@Index('applications_account_company', { synchronize: false })
@Index('applications_account_applied', ['accountId', 'appliedDate', 'id'])
@Index('applications_account_applied_desc', { synchronize: false })
@Index('applications_account_priority', ['accountId', 'priority', 'id'])
@Index('applications_account_priority_desc', { synchronize: false })
@Index('applications_account_follow_up', ['accountId', 'followUpAt', 'id'])
@Index('applications_account_follow_up_desc', { synchronize: false })
@Index('applications_search_text', { synchronize: false })
@Index('applications_tailoring_pending', ['updatedAt'], { where: 'tailoring_pending' })
@Index('applications_follow_up_unannounced', ['followUpAt'], { where: 'follow_up_at IS NOT NULL AND follow_up_announced_at IS DISTINCT FROM follow_up_at' })
export class Application extends WithJobColumns(OwnedRecord) {
  @Column({ type: 'text', nullable: true })
  jobUrl: string | null;

  /** The normalized jobUrl that duplicate detection compares (see job-url.ts). */
  @Column({ type: 'text', nullable: true })
  jobUrlKey: string | null;

  @Column({ type: 'text', nullable: true })
  jobDescription: string | null;

  @Column('text')
  status: ApplicationStatus;

  @Column({ type: 'text', default: 'Other' })
  source: ApplicationSource;

  @Column({ type: 'smallint', nullable: true })
  priority: number | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'integer', nullable: true })
  salaryMin: number | null;

  @Column({ type: 'integer', nullable: true })
  salaryMax: number | null;

  @Column({ type: 'text', nullable: true })
  salaryPeriod: SalaryPeriod | null;

  /** ISO 4217 code of salaryMin and salaryMax. */
  @Column({ type: 'text', nullable: true })
  salaryCurrency: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  appliedDate: Date | null;

  @Column({ type: 'uuid', nullable: true })
  cvId: string | null;

  /** The cover letter sent with the application. */
  @Index('applications_cover_letter', { where: 'cover_letter_id IS NOT NULL' })
  @Column({ type: 'uuid', nullable: true })
  coverLetterId: string | null;

  /** The last day to apply: a calendar date, `YYYY-MM-DD`. */
  @Column({ type: 'date', nullable: true })
  deadline: string | null;

  /** When to follow up on the application. */
  @Column({ type: 'timestamptz', nullable: true })
  followUpAt: Date | null;

  /** When the job was posted: a calendar date, `YYYY-MM-DD`. */
  @Column({ type: 'date', nullable: true })
  postedAt: string | null;

  /**
   * The followUpAt that `application.follow_up_due` was recorded for: a date equal to it has been announced, any
   * other is announced once it comes due (see FollowUpSweep).
   */
  @Column({ type: 'timestamptz', nullable: true })
  followUpAnnouncedAt: Date | null;

  /**
   * True from an autoPrepare create until its tailoring has run (or given up), or until the person moves the
   * application out of `preparing`. Only a pending tailoring is run, swept and makes the resume's PDF wait: a
   * `preparing` set by hand is just a status.
   */
  @Column({ type: 'boolean', default: false })
  tailoringPending: boolean;

  /** What autoPrepare's tailoring matched, missed and achieved; null until it has run. */
  @Column({ type: 'jsonb', nullable: true })
  tailoringReport: TailoringReport | null;

  /** Deleting the resume unlinks it from the application. */
  @ManyToOne(() => Resume, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'cv_id' })
  cv?: Resume;

  /** Deleting the cover letter unlinks it from the application. */
  @ManyToOne(() => CoverLetter, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'cover_letter_id' })
  coverLetter?: CoverLetter;

  @Column({ type: 'text', generatedType: 'STORED', asExpression: APPLICATION_SEARCH_TEXT_EXPRESSION, select: false, insert: false, update: false })
  searchText: string;

  /** The job-search listing the application was created from; deleting the listing unlinks it. */
  @Column({ type: 'uuid', nullable: true })
  jobListingId: string | null;

  /** Where the listing was published (e.g. "LinkedIn"), copied from it: it stays when the listing goes. */
  @Column({ type: 'text', nullable: true })
  publisher: string | null;

  @ManyToOne(() => JobListing, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'job_listing_id' })
  jobListing?: JobListing;
}
