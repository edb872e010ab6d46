import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, EnumArrayField, EnumField, IntField, NumberField, TextArrayField, TextField } from '../../../common/validation/field.decorators';
import { SALARY_PERIODS, SalaryPeriod } from '../../../common/validation/salary-period';
import {
  BENEFIT_KEYS,
  BenefitKey,
  DATE_POSTED_VALUES,
  DatePosted,
  EMPLOYMENT_TYPES,
  EmploymentType,
  JOB_LEVELS,
  JobLevel,
  LANGUAGE_CODES,
  SALARY_RANGE_VALUES,
  SalaryRange,
  SEARCH_PAGE_SIZE,
  WORK_ARRANGEMENTS,
  WorkArrangement,
} from '../job-search-values';
import type { ListingViewShape } from '../listing-columns';

const LIST = { maxItems: 50, max: 200 } as const;

/** The body of `POST /v1/jobs/search`: every field is optional, and all given filters must hold together. */
export class JobSearchDto {
  @TextField({
    optional: true,
    max: 500,
    example: 'senior backend engineer go',
    description: 'Full-text search over title, company and description (web-search syntax: "quoted phrases", -excluded, or). Ranked by relevance, then newest.',
  })
  query?: string;

  @TextField({
    optional: true,
    max: 200,
    example: 'Austin, TX',
    description: 'City, state or country, comma-separated parts; every part must match one of them (case-insensitive).',
  })
  location?: string;

  @TextField({ optional: true, max: 100, example: 'US', description: 'ISO 3166-1 alpha-2 code or English name of the country.' })
  country?: string;

  @BooleanField({ optional: true, description: 'true: remote listings only; false: on-site and hybrid only.' })
  remote?: boolean;

  @EnumField(WORK_ARRANGEMENTS, { description: 'Only listings with this work arrangement', optional: true, enumName: 'WorkArrangement' })
  workArrangement?: WorkArrangement;

  @EnumArrayField(WORK_ARRANGEMENTS, { optional: true, description: 'Any of these (together with `workArrangement`).' })
  workArrangements?: WorkArrangement[];

  @EnumField(EMPLOYMENT_TYPES, { description: 'Only listings of this employment type', optional: true, enumName: 'EmploymentType' })
  employmentType?: EmploymentType;

  @EnumArrayField(EMPLOYMENT_TYPES, { optional: true, description: 'Any of these (together with `employmentType`).' })
  employmentTypes?: EmploymentType[];

  @EnumField(DATE_POSTED_VALUES, {
    optional: true,
    enumName: 'DatePosted',
    default: 'all',
    description: 'Posted within the last day (`today` is the same), 3 days, week (7) or month (30); default `all`.',
  })
  datePosted?: DatePosted;

  @NumberField({
    optional: true,
    min: 0,
    example: 120000,
    description: 'Annual salary the listing reaches at least (its maximum, or its minimum when it gives no maximum). Listings without a salary are left out.',
  })
  salaryMin?: number;

  @EnumArrayField(SALARY_RANGE_VALUES, {
    optional: true,
    description: 'Annualized bands; a listing whose salary range overlaps any of them. Listings without a salary are left out.',
  })
  salaryRanges?: SalaryRange[];

  @BooleanField({ optional: true, description: 'true: only listings that state a salary.' })
  requireSalary?: boolean;

  @BooleanField({ optional: true, description: 'true: only listings that offer visa sponsorship; false: only those that do not.' })
  visaSponsorship?: boolean;

  @BooleanField({ optional: true, description: 'true: only listings that require a security clearance; false: only those that do not.' })
  securityClearance?: boolean;

  @BooleanField({ optional: true, description: 'true: only listings whose apply link goes straight to the employer.' })
  directApplyOnly?: boolean;

  @BooleanField({ optional: true, description: 'true: leave out listings seen for more than 60 days, republished 3 or more times, or with no way to apply.' })
  excludeGhostJobs?: boolean;

  @TextArrayField({ optional: true, ...LIST, description: 'Only these companies (case, punctuation and legal suffixes such as "Inc." ignored).' })
  includeCompanies?: string[];

  @TextArrayField({ description: 'Leave out listings of these companies', optional: true, ...LIST })
  excludeCompanies?: string[];

  @TextArrayField({ optional: true, ...LIST, description: 'Every keyword (or phrase) must appear in the title, company or description.' })
  includeKeywords?: string[];

  @TextArrayField({ optional: true, ...LIST, description: 'None of these keywords (or phrases) may appear.' })
  excludeKeywords?: string[];

  @TextArrayField({ optional: true, ...LIST, description: 'The title contains any of these (case-insensitive).' })
  includeTitles?: string[];

  @TextArrayField({ optional: true, ...LIST, description: 'The title contains none of these.' })
  excludeTitles?: string[];

  @EnumArrayField(JOB_LEVELS, { optional: true, description: 'Seniority derived from the title (and the experience asked for when the title does not say).' })
  jobLevels?: JobLevel[];

  @IntField({
    optional: true,
    min: 0,
    max: 50,
    description: 'Listings that ask for at least this many years of experience. Listings that do not say are left out.',
  })
  experienceMin?: number;

  @IntField({
    optional: true,
    min: 0,
    max: 50,
    description: 'Listings that ask for at most this many years of experience. Listings that do not say are left out.',
  })
  experienceMax?: number;

  @TextArrayField({ optional: true, ...LIST, description: 'Providers the listings were imported from, e.g. `jsearch`.' })
  sources?: string[];

  @EnumArrayField(LANGUAGE_CODES, { optional: true, maxItems: 20, description: 'ISO 639-1 codes of the description language.' })
  languages?: string[];

  @EnumArrayField(BENEFIT_KEYS, { optional: true, description: 'The listing offers every one of these.' })
  benefits?: BenefitKey[];

  @IntField({ optional: true, min: 1, max: SEARCH_PAGE_SIZE.max, default: SEARCH_PAGE_SIZE.default, description: 'Page size' })
  limit: number = SEARCH_PAGE_SIZE.default;

  @TextField({ optional: true, max: 2000, description: 'The `nextCursor` of the previous page, with the same filters.' })
  cursor?: string;
}

export class JobBenefit {
  @ApiProperty({ example: 'health_insurance' })
  key: string;

  @ApiProperty({ example: 'Health insurance' })
  name: string;
}

/** A job listing as search answers it (its columns are LISTING_COLUMNS). */
export class JobListingView implements ListingViewShape {
  id: string;
  title: string;
  company: string;
  companyLogo: string | null;
  companyWebsite: string | null;
  location: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  isRemote: boolean;
  @ApiProperty({ enum: EMPLOYMENT_TYPES, enumName: 'EmploymentType' })
  employmentType: EmploymentType;
  applyLink: string | null;
  applyIsDirect: boolean;
  publisher: string | null;
  description: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    nullable: true,
    example: { Qualifications: ['5+ years of Go'] },
  })
  highlights: Record<string, string[]> | null;
  @ApiProperty({ type: [JobBenefit] })
  benefits: JobBenefit[];
  salaryMin: number | null;
  salaryMax: number | null;
  @ApiProperty({ enum: SALARY_PERIODS, nullable: true })
  salaryPeriod: SalaryPeriod | null;
  postedAt: Date;
  /** When a listing with this source and id was first seen (or its posting date, if earlier). */
  firstSeenAt: Date;
  /** How many times the posting reappeared with a new posting date. */
  republishCount: number;
  source: string;
}

export class JobSearchResponse {
  @ApiProperty({ type: [JobListingView] })
  data: JobListingView[];

  @ApiProperty({ description: 'Listings on this page', example: 20 })
  count: number;

  @ApiProperty({
    description: 'Listings matching the search: exact up to 10,000; above 10,000 an estimate (from a sample of the listings)',
    example: 1342,
  })
  total: number;

  @ApiProperty({ example: true })
  hasMore: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Send back as `cursor` for the next page; null on the last page' })
  nextCursor: string | null;
}

export class JobListingResponse {
  data: JobListingView;
}
