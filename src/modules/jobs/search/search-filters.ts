import type { JobSearchDto } from '../dto/job-search.dto';
import { DATE_POSTED_WINDOWS, EMPLOYMENT_TYPES, GHOST_JOB_RULE, JOB_LEVELS, SALARY_RANGES, WORK_ARRANGEMENTS } from '../job-search-values';
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

  const location = search.location ? locationParts(search.location) : null;
  if (location?.remote) where.push('l.is_remote');
  // With places, `is_remote = true`, so that the partial index job_listings_remote_place_keys (places within remote
  // work) serves both. Without, a form that index does not match: the planner would read it whole for a bitmap of
  // every remote listing (~55 ms at 1M).
  if (search.remote !== undefined)
    where.push(
      location && location.places.length > 0 ? `l.is_remote = ${sql.bind(search.remote)}` : search.remote ? 'l.is_remote IS TRUE' : 'l.is_remote IS FALSE',
    );
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

/**
 * Whether the search's remote work and work arrangements exclude each other, so that no listing can pass: a listing
 * is remote exactly when its arrangement is `remote` (the constraint job_listings_remote_arrangement).
 */
export function excludesEveryListing(search: JobSearchDto): boolean {
  const located = search.location !== undefined && locationParts(search.location).remote;
  if (located && search.remote === false) return true;
  const remote = located || search.remote;
  const arrangements = union(search.workArrangement, search.workArrangements);
  if (!arrangements || remote === undefined) return false;
  return remote ? !arrangements.includes('remote') : arrangements.every((arrangement) => arrangement === 'remote');
}

/** The `datePosted` filter, if any: a range of the newest-first index. */
export function postedSince(search: JobSearchDto, asOf: Date, sql: SqlParameters): string | null {
  const since = postedSinceTime(search, asOf);
  return since === null ? null : `l.posted_at >= ${sql.bind(since.toISOString())}`;
}

/** The earliest posting time the `datePosted` filter keeps (null: no such filter). */
export function postedSinceTime(search: JobSearchDto, asOf: Date): Date | null {
  const window = search.datePosted ? DATE_POSTED_WINDOWS[search.datePosted] : null;
  return window === null ? null : new Date(asOf.getTime() - window * DAY_MS);
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
 * A listing's filter cell: its employment type, work arrangement and job level, and the band of the top of its annual
 * salary range (0: no salary; then one band per FILTER_CELL.salaryBand dollars, the last open-ended), as one number.
 * `job_listings_filter_cells` (migration ListingFilterCells, which writes this numbering out as
 * `listing_filter_cell()`) orders the listings by cell, then newest first: the listings of a few cells within a
 * `datePosted` window are read there, one range per cell, where the newest-first index passes every listing of the
 * window. A value outside the enumerations (or no value) is 0 of its part.
 */
export const FILTER_CELL = {
  types: EMPLOYMENT_TYPES,
  arrangements: WORK_ARRANGEMENTS,
  levels: JOB_LEVELS,
  salaryBand: 25_000,
  salaryBands: 13,
} as const;

/**
 * The cells that hold every listing the search's type, arrangement, level and salary filters can keep (null when none
 * of them is given). A cell holds listings that the filters themselves still decide on: the salary band of the
 * search's lowest salary is kept whole.
 */
export function filterCells(search: JobSearchDto): number[] | null {
  const types = union(search.employmentType, search.employmentTypes);
  const arrangements = union(search.workArrangement, search.workArrangements);
  const levels = search.jobLevels?.length ? search.jobLevels : null;
  const lowest = salaryFloor(search);
  if (!types && !arrangements && !levels && lowest === null) return null;
  const codes = <T extends string>(all: readonly T[], chosen: T[] | null) =>
    chosen ? chosen.map((value) => all.indexOf(value) + 1).filter((code) => code > 0) : [0, ...all.map((_value, index) => index + 1)];
  const firstBand = lowest === null ? 0 : 1 + Math.min(Math.max(Math.floor(lowest / FILTER_CELL.salaryBand), 0), FILTER_CELL.salaryBands - 1);
  const bands = Array.from({ length: FILTER_CELL.salaryBands + 1 - firstBand }, (_unused, index) => firstBand + index);
  const cells: number[] = [];
  for (const type of codes(FILTER_CELL.types, types))
    for (const arrangement of codes(FILTER_CELL.arrangements, arrangements))
      for (const level of codes(FILTER_CELL.levels, levels))
        for (const band of bands)
          cells.push(
            ((type * (FILTER_CELL.arrangements.length + 1) + arrangement) * (FILTER_CELL.levels.length + 1) + level) * (FILTER_CELL.salaryBands + 1) + band,
          );
  return cells;
}

/** The listings in `filterCells` (none when the search has no such filter): what job_listings_filter_cells reads. */
export function filterCellConditions(search: JobSearchDto, sql: SqlParameters): string[] {
  const cells = filterCells(search);
  return cells ? [inFilterCell(`ANY(${sql.bind(cells)}::int[])`)] : [];
}

/** The filters a filter cell holds, with the `datePosted` window, which job_listings_filter_cells orders each cell by. */
const CELL_FILTERS = ['employmentType', 'employmentTypes', 'workArrangement', 'workArrangements', 'jobLevels', 'salaryMin', 'datePosted'] as const;

/**
 * Whether the search has no filter but those its cells and their posting times hold: then a cell's newest listings
 * are its matches but for the lowest salary band's, and a page read one cell at a time stops within a page's entries
 * of each. Another filter (a country, say) may keep few of a cell's listings, which would be read through to find a page.
 */
export function filteredByCellsAlone(search: JobSearchDto, asOf: Date): boolean {
  const conditions = (filters: JobSearchDto) => {
    const sql = new SqlParameters();
    return JSON.stringify([filterConditions(filters, asOf, sql), sql.values]);
  };
  const cellsOnly = Object.fromEntries(CELL_FILTERS.map((field) => [field, search[field]])) as unknown as JobSearchDto;
  return conditions(search) === conditions(cellsOnly);
}

/** A listing's filter cell is `cell` (an SQL expression of one cell, or `ANY(...)` of several). */
export function inFilterCell(cell: string): string {
  return `${FILTER_CELL_EXPRESSION} = ${cell}`;
}

/** The expression job_listings_filter_cells is ordered by, written as its index has it. */
const FILTER_CELL_EXPRESSION = 'listing_filter_cell(l.employment_type, l.work_arrangement, l.job_level, l.annual_salary_min, l.annual_salary_max)';

/**
 * A listing's filter facets, as `listing_filter_facets()` (migration ListingFilterFacets) numbers them: its employment
 * type, work arrangement and job level (each an offset plus its place in the enumeration, from 1), remote work, visa
 * sponsorship, and the band of `salaryBand` dollars the top of its annual salary falls in (the last open-ended; none
 * without a salary). Their GIN index (`job_listings_filter_facets`) gives the planner a bitmap of filters that have no
 * index of their own, to AND with a text's.
 */
export const FILTER_FACETS = {
  types: { offset: 10, values: EMPLOYMENT_TYPES },
  arrangements: { offset: 20, values: WORK_ARRANGEMENTS },
  levels: { offset: 30, values: JOB_LEVELS },
  remote: 40,
  visa: 41,
  salary: { offset: 100, band: 10_000, bands: 31 },
} as const;

/** The expression job_listings_filter_facets indexes, written as its index has it. */
const FILTER_FACETS_EXPRESSION =
  'listing_filter_facets(l.employment_type, l.work_arrangement, l.job_level, l.annual_salary_min, l.annual_salary_max, l.is_remote, l.visa_sponsorship)';

/**
 * What the search's type, arrangement, level, remote, visa and salary filters imply of a listing's facets (none when
 * it has no such filter): every listing they keep meets each of these conditions, which the filters themselves still
 * decide (the salary band of the search's lowest salary is kept whole).
 */
export function filterFacetConditions(search: JobSearchDto, sql: SqlParameters): string[] {
  const anyOf = (facet: { offset: number; values: readonly string[] }, chosen: readonly string[] | null) =>
    chosen ? [chosen.map((value) => facet.offset + facet.values.indexOf(value) + 1)] : [];
  const lowest = salaryFloor(search);
  const { salary } = FILTER_FACETS;
  const firstBand = lowest === null ? null : Math.min(Math.max(Math.floor(lowest / salary.band), 0), salary.bands - 1);
  const sets = [
    ...anyOf(FILTER_FACETS.types, union(search.employmentType, search.employmentTypes)),
    ...anyOf(FILTER_FACETS.arrangements, union(search.workArrangement, search.workArrangements)),
    ...anyOf(FILTER_FACETS.levels, search.jobLevels?.length ? search.jobLevels : null),
    ...(firstBand === null ? [] : [Array.from({ length: salary.bands - firstBand }, (_unused, index) => salary.offset + firstBand + index)]),
  ];
  const location = search.location ? locationParts(search.location) : null;
  // Places within remote work have an index of their own (job_listings_remote_place_keys), which the planner prefers.
  const remote = (search.remote === true || location?.remote === true) && !(location && location.places.length > 0);
  const required = [...(remote ? [FILTER_FACETS.remote] : []), ...(search.visaSponsorship === true ? [FILTER_FACETS.visa] : [])];
  return [
    ...(required.length > 0 ? [`${FILTER_FACETS_EXPRESSION} @> ${sql.bind(required)}::int[]`] : []),
    ...sets.map((codes) => `${FILTER_FACETS_EXPRESSION} && ${sql.bind(codes)}::int[]`),
  ];
}

/** The least a salary filter lets the top of a listing's annual range be (null: no salary filter; 0: any salary). */
function salaryFloor(search: JobSearchDto): number | null {
  const floors = [
    ...(search.salaryMin !== undefined ? [search.salaryMin] : []),
    ...(search.salaryRanges?.length ? [Math.min(...search.salaryRanges.map((name) => SALARY_RANGES[name].min))] : []),
    ...(search.requireSalary ? [0] : []),
  ];
  return floors.length > 0 ? Math.max(...floors) : null;
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

/** Where a search of one word may be limited for its total to come from counts kept by place (search-count.ts). */
export interface PlaceLimits {
  /** A country code, or null for any. */
  country: string | null;
  /** Remote listings only (true), none (false), or either (null). */
  remote: boolean | null;
}

/**
 * The search's limits when a country and remote work are all it filters on (any of `country`, `location` naming a
 * country or "Remote", `remote`), or none at all; null when it has another filter, names a place within a country
 * (a city), or says a country or remote twice in ways that disagree.
 */
export function placeLimits(search: JobSearchDto, asOf: Date): PlaceLimits | null {
  const { country, location, remote, ...others } = search;
  if (filterConditions(others, asOf, new SqlParameters()).length > 0) return null;
  const parts = location ? locationParts(location) : null;
  if (parts && parts.places.length > 0) return null;
  const countries = new Set([country ? countryCode(country) : null, parts?.country ?? null].filter((code) => code !== null));
  const remotes = new Set([remote ?? null, parts?.remote ? true : null].filter((value) => value !== null));
  if (countries.size > 1 || remotes.size > 1) return null;
  return { country: [...countries][0] ?? null, remote: [...remotes][0] ?? null };
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
