import type { SalaryPeriod } from '../../common/validation/salary-period';
import type { EmploymentType, JobLevel, WorkArrangement } from './job-search-values';

/** The PostgreSQL type a column's values travel as (text[] travels as JSON: see listing-import.service.ts). */
type SqlType = 'uuid' | 'text' | 'boolean' | 'jsonb' | 'float8' | 'int4' | 'int2' | 'timestamptz' | 'text[]';

/**
 * One column of `job_listings`: its SQL name and type, whether the API's view of a listing shows it and whether the
 * import writes it. `T`, the type of its values, exists for the types derived below and is never set.
 */
interface ListingColumn<T, Shown extends boolean, Written extends boolean> {
  sql: string;
  type: SqlType;
  shown: Shown;
  written: Written;
  readonly value?: T;
}

/** A column the API shows and the import writes. */
const shown = <T>(sql: string, type: SqlType): ListingColumn<T, true, true> => ({ sql, type, shown: true, written: true });
/** A column the import writes for search to filter on (or to identify the listing), which the API does not show. */
const internal = <T>(sql: string, type: SqlType): ListingColumn<T, false, true> => ({ sql, type, shown: false, written: true });
/** A column PostgreSQL fills in, which the API shows. */
const generated = <T>(sql: string, type: SqlType): ListingColumn<T, true, false> => ({ sql, type, shown: true, written: false });

/**
 * The columns of a job listing, declared once: keys are the API's (and the entity's) names. Their order is the
 * order of the API's fields. The entity (entities/job-listing.entity.ts) and the Swagger view (dto/job-search.dto.ts)
 * declare the same properties with decorators and are checked against this table by the compiler; the columns
 * PostgreSQL generates for search alone (vectors, can_apply, timestamps) are the entity's only.
 */
export const LISTING_COLUMNS = {
  id: generated<string>('id', 'uuid'),
  title: shown<string>('title', 'text'),
  company: shown<string>('company', 'text'),
  companyLogo: shown<string | null>('company_logo', 'text'),
  companyWebsite: shown<string | null>('company_website', 'text'),
  location: shown<string | null>('location', 'text'),
  city: shown<string | null>('city', 'text'),
  state: shown<string | null>('state', 'text'),
  country: shown<string | null>('country', 'text'),
  isRemote: shown<boolean>('is_remote', 'boolean'),
  employmentType: shown<EmploymentType>('employment_type', 'text'),
  applyLink: shown<string | null>('apply_link', 'text'),
  applyIsDirect: shown<boolean>('apply_is_direct', 'boolean'),
  publisher: shown<string | null>('publisher', 'text'),
  description: shown<string>('description', 'text'),
  highlights: shown<Record<string, string[]> | null>('highlights', 'jsonb'),
  benefits: shown<{ key: string; name: string }[]>('benefits', 'jsonb'),
  salaryMin: shown<number | null>('salary_min', 'float8'),
  salaryMax: shown<number | null>('salary_max', 'float8'),
  salaryPeriod: shown<SalaryPeriod | null>('salary_period', 'text'),
  postedAt: shown<Date>('posted_at', 'timestamptz'),
  firstSeenAt: shown<Date>('first_seen_at', 'timestamptz'),
  republishCount: shown<number>('republish_count', 'int4'),
  source: shown<string>('source', 'text'),
  externalId: internal<string>('external_id', 'text'),
  titleNormalized: internal<string>('title_normalized', 'text'),
  companyNormalized: internal<string>('company_normalized', 'text'),
  placeKeys: internal<string[]>('place_keys', 'text[]'),
  annualSalaryMin: internal<number | null>('annual_salary_min', 'int4'),
  annualSalaryMax: internal<number | null>('annual_salary_max', 'int4'),
  jobLevel: internal<JobLevel>('job_level', 'text'),
  workArrangement: internal<WorkArrangement>('work_arrangement', 'text'),
  language: internal<string>('language', 'text'),
  visaSponsorship: internal<boolean>('visa_sponsorship', 'boolean'),
  securityClearance: internal<boolean>('security_clearance', 'boolean'),
  experienceYears: internal<number | null>('experience_years', 'int2'),
  benefitKeys: internal<string[]>('benefit_keys', 'text[]'),
};

type Columns = typeof LISTING_COLUMNS;
type ColumnName = keyof Columns;
type ValueOf<C> = C extends ListingColumn<infer T, boolean, boolean> ? T : never;
type ShownName = { [K in ColumnName]: Columns[K] extends ListingColumn<unknown, true, boolean> ? K : never }[ColumnName];
type WrittenName = { [K in ColumnName]: Columns[K] extends ListingColumn<unknown, boolean, true> ? K : never }[ColumnName];

/** Every column's value: what the entity holds. */
export type ListingValues = { [K in ColumnName]: ValueOf<Columns[K]> };
/** A listing as the API shows it. */
export type ListingViewShape = Pick<ListingValues, ShownName>;
/** What the import writes of a listing. */
export type WrittenListing = Pick<ListingValues, WrittenName>;

const entries = Object.entries(LISTING_COLUMNS) as [ColumnName, Columns[ColumnName]][];

/** The select list of the API's view, on the alias `l`, in the order of its fields. */
const VIEW_SELECT = entries
  .filter(([, column]) => column.shown)
  .map(([name, column]) => (column.sql === name ? `l.${name}` : `l.${column.sql} AS "${name}"`))
  .join(', ');

/** The API's view of the listings with these ids (in no particular order). */
export function listingViewsStatement(ids: string[]): { sql: string; values: unknown[] } {
  return { sql: `SELECT ${VIEW_SELECT} FROM job_listings l WHERE l.id = ANY($1::uuid[])`, values: [ids] };
}

/** The API's view of one listing. */
export function listingViewStatement(id: string): { sql: string; values: unknown[] } {
  return { sql: `SELECT ${VIEW_SELECT} FROM job_listings l WHERE l.id = $1`, values: [id] };
}

/** The columns the import writes, with their entity names. */
export const WRITTEN_COLUMNS = entries.filter(([, column]) => column.written) as [WrittenName, ListingColumn<unknown, boolean, true>][];
