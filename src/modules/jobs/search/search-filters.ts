import type { JobSearchDto } from '../dto/job-search.dto';
import { DATE_POSTED_WINDOWS, GHOST_JOB_RULE, SALARY_RANGES } from '../job-search-values';
import { normalizeCompany, normalizePlace, normalizeTitle } from '../listing-enrichment';

const DAY_MS = 86_400_000;

/** Positional parameters of one SQL statement: `bind(value)` answers the placeholder to write. */
export class SqlParameters {
  readonly values: unknown[] = [];

  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The SQL conditions of a search's filters (everything but the text query), on the alias `l`. Each filter is
 * tested only on columns that the covering index `job_listings_newest` includes, so that a newest-first page
 * can be read from the index alone.
 *
 * `asOf` is the moment relative dates (datePosted, ghost jobs) are measured from; the cursor keeps the first
 * page's, so that later pages filter the same set.
 */
export function filterConditions(search: JobSearchDto, asOf: Date, sql: SqlParameters): string[] {
  const where = indexedFilterConditions(search, sql);
  const daysBefore = (days: number) => sql.bind(new Date(asOf.getTime() - days * DAY_MS).toISOString());

  if (search.location && locationParts(search.location).remote) where.push('l.is_remote');
  if (search.remote !== undefined) where.push(`l.is_remote = ${sql.bind(search.remote)}`);
  const arrangements = union(search.workArrangement, search.workArrangements);
  if (arrangements) where.push(`l.work_arrangement = ANY(${sql.bind(arrangements)}::text[])`);
  const employmentTypes = union(search.employmentType, search.employmentTypes);
  if (employmentTypes) where.push(`l.employment_type = ANY(${sql.bind(employmentTypes)}::text[])`);

  const since = postedSince(search, asOf, sql);
  if (since) where.push(since);

  // A salary range is [annual min, annual max]; a listing quoting one figure has both ends at it.
  const low = 'coalesce(l.annual_salary_min, l.annual_salary_max)';
  const high = 'coalesce(l.annual_salary_max, l.annual_salary_min)';
  if (search.requireSalary || search.salaryMin !== undefined || search.salaryRanges?.length) where.push(`${low} IS NOT NULL`);
  // numeric, not the column's integer: a salaryMin like 786.85 or 1e20 must compare, not fail to cast.
  if (search.salaryMin !== undefined) where.push(`${high} >= ${sql.bind(search.salaryMin)}::numeric`);
  if (search.salaryRanges?.length) {
    const bands = search.salaryRanges.map((name) => {
      const band = SALARY_RANGES[name];
      const above = `${high} >= ${sql.bind(band.min)}`;
      return band.max === null ? `(${above})` : `(${above} AND ${low} < ${sql.bind(band.max)})`;
    });
    where.push(`(${bands.join(' OR ')})`);
  }

  if (search.visaSponsorship !== undefined) where.push(`l.visa_sponsorship = ${sql.bind(search.visaSponsorship)}`);
  if (search.securityClearance !== undefined) where.push(`l.security_clearance = ${sql.bind(search.securityClearance)}`);
  if (search.directApplyOnly) where.push('l.apply_is_direct');
  if (search.excludeGhostJobs) {
    where.push(
      `l.can_apply AND l.republish_count < ${sql.bind(GHOST_JOB_RULE.maxRepublishCount)} ` + `AND l.first_seen_at >= ${daysBefore(GHOST_JOB_RULE.maxDaysSeen)}`,
    );
  }

  if (search.excludeCompanies?.length) where.push(`l.company_normalized <> ALL(${sql.bind(search.excludeCompanies.map(normalizeCompany))}::text[])`);
  if (search.excludeTitles?.length) where.push(`l.title_normalized NOT LIKE ALL(${sql.bind(search.excludeTitles.map(containsPattern))}::text[])`);
  if (search.jobLevels?.length) where.push(`l.job_level = ANY(${sql.bind(search.jobLevels)}::text[])`);
  if (search.experienceMin !== undefined) where.push(`l.experience_years >= ${sql.bind(search.experienceMin)}`);
  if (search.experienceMax !== undefined) where.push(`l.experience_years <= ${sql.bind(search.experienceMax)}`);
  if (search.sources?.length) where.push(`l.source = ANY(${sql.bind(search.sources)}::text[])`);
  if (search.languages?.length) where.push(`l.language = ANY(${sql.bind(search.languages)}::text[])`);
  if (search.benefits?.length) where.push(`l.benefit_keys @> ${sql.bind(search.benefits)}::text[]`);
  return where;
}

/** The `datePosted` filter, if any: a range of the newest-first index. */
export function postedSince(search: JobSearchDto, asOf: Date, sql: SqlParameters): string | null {
  const window = search.datePosted ? DATE_POSTED_WINDOWS[search.datePosted] : null;
  return window === null ? null : `l.posted_at >= ${sql.bind(new Date(asOf.getTime() - window * DAY_MS).toISOString())}`;
}

/**
 * The filters that an index of their own serves (places: job_listings_place_keys, country:
 * job_listings_country_newest, companies, title words: trigrams), which the planner can combine with the text's.
 */
export function indexedFilterConditions(search: JobSearchDto, sql: SqlParameters): string[] {
  const where: string[] = [];
  if (search.location) {
    const parts = locationParts(search.location);
    if (parts.places.length > 0) where.push(`l.place_keys @> ${sql.bind(parts.places)}::text[]`);
    if (parts.country) where.push(`l.country = ${sql.bind(parts.country)}`);
  }
  if (search.country) where.push(`l.country = ${sql.bind(countryCode(search.country))}`);
  if (search.includeCompanies?.length) where.push(`l.company_normalized = ANY(${sql.bind(search.includeCompanies.map(normalizeCompany))}::text[])`);
  if (search.includeTitles?.length) where.push(`l.title_normalized LIKE ANY(${sql.bind(search.includeTitles.map(containsPattern))}::text[])`);
  return where;
}

/**
 * The parts of `location`: "Remote", a country by name ("Germany": the country, never Delaware's "DE"), and places
 * (cities, state codes, country codes) that must all be among a listing's.
 */
function locationParts(location: string): { remote: boolean; country: string | null; places: string[] } {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const remote = parts.some((part) => part.toLowerCase() === 'remote');
  const named = parts.filter((part) => part.length > 2 && normalizePlace(part).length === 2 && part.toLowerCase() !== 'remote');
  const places = parts.filter((part) => part.toLowerCase() !== 'remote' && !named.includes(part)).map(normalizePlace);
  return { remote, country: named.length > 0 ? countryCode(named[0]) : null, places };
}

/** The one country a search is limited to, if any: the newest-first index of that country can serve it. */
export function searchCountry(search: JobSearchDto): string | null {
  if (search.country) return countryCode(search.country);
  return search.location ? locationParts(search.location).country : null;
}

/** "US", "us" and "United States" all name the code `US`; other text is compared as given (uppercased). */
export function countryCode(country: string): string {
  return normalizePlace(country).toUpperCase();
}

/** `title_normalized LIKE` pattern for "contains", with LIKE's wildcards in the text taken literally. */
function containsPattern(text: string): string {
  return `%${normalizeTitle(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function union<T>(single: T | undefined, many: T[] | undefined): T[] | null {
  const values = [...(single !== undefined ? [single] : []), ...(many ?? [])];
  return values.length > 0 ? [...new Set(values)] : null;
}
