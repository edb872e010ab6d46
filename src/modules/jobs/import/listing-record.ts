import { SALARY_PERIODS, SalaryPeriod } from '../../../common/validation/salary-period';
import { BENEFITS, BenefitKey, EMPLOYMENT_TYPES, EmploymentType } from '../job-search-values';
import type { ListingValues, ListingViewShape } from '../listing-columns';

/** The fields a record of our shape must give; the import derives or defaults the others. */
type RequiredInRecord = 'source' | 'title' | 'company' | 'description' | 'postedAt';
/** A field as a file gives it: dates as ISO 8601 text, enumerations as any text (aliases are mapped), benefits as keys too. */
type RecordValue<T> = T extends Date
  ? string
  : T extends string
    ? string
    : T extends { key: string; name: string }[]
      ? ({ key: string; name?: string } | string)[]
      : T;

/** A listing in our own shape: the API's view of it (LISTING_COLUMNS), with `id` being the provider's id. */
export type ListingRecord = { id: string } & { [K in RequiredInRecord]: RecordValue<ListingViewShape[K]> } & {
  [K in Exclude<keyof ListingViewShape, 'id' | RequiredInRecord>]?: RecordValue<ListingViewShape[K]> | null;
};

/** The fields of the JSearch provider's raw listing that we read. */
export interface JSearchRecord {
  job_id: string;
  job_title: string;
  employer_name: string;
  employer_logo?: string | null;
  employer_website?: string | null;
  job_publisher?: string | null;
  job_employment_type?: string | null;
  job_apply_link?: string | null;
  job_apply_is_direct?: boolean | null;
  job_description: string;
  job_is_remote?: boolean | null;
  job_posted_at_datetime_utc?: string | null;
  job_posted_at_timestamp?: number | null;
  job_location?: string | null;
  job_city?: string | null;
  job_state?: string | null;
  job_country?: string | null;
  job_benefits?: string[] | null;
  job_highlights?: Record<string, string[]> | null;
  job_min_salary?: number | null;
  job_max_salary?: number | null;
  job_salary_period?: string | null;
  job_required_experience?: { required_experience_in_months?: number | null } | null;
}

/** What a record may leave out and the import then derives (from the text) or defaults: null until then. */
type DerivedWhenMissing = 'isRemote' | 'employmentType' | 'firstSeenAt' | 'republishCount' | 'experienceYears';

/** A record after parsing, in one shape whatever the provider's: what the import stores, before enrichment. */
export type ParsedListing = Omit<ListingViewShape, 'id' | DerivedWhenMissing> &
  Pick<ListingValues, 'externalId'> & { [K in DerivedWhenMissing]: ListingValues[K] | null };

export const JSEARCH_SOURCE = 'jsearch';
const MAX_TEXT = { id: 200, short: 300, url: 2000, description: 100_000 } as const;

/** Why a record cannot be imported; reported on stderr with the record's position. */
export class RecordRejection extends Error {}

/** Reads one record of either shape (JSearch when it has `job_id` or `job_title`), or throws a `RecordRejection`. */
export function parseListingRecord(raw: unknown): ParsedListing {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RecordRejection('record must be a JSON object');
  const record = raw as Record<string, unknown>;
  return 'job_id' in record || 'job_title' in record ? parseJSearch(new Fields(record)) : parseOurs(new Fields(record));
}

function parseOurs(fields: Fields): ParsedListing {
  return {
    source: fields.text('source', MAX_TEXT.id, { required: true }) as string,
    externalId: fields.id('id'),
    title: fields.text('title', MAX_TEXT.short, { required: true }) as string,
    company: fields.text('company', MAX_TEXT.short, { required: true }) as string,
    companyLogo: fields.url('companyLogo'),
    companyWebsite: fields.url('companyWebsite'),
    location: fields.text('location', MAX_TEXT.short),
    city: fields.text('city', MAX_TEXT.short),
    state: fields.text('state', MAX_TEXT.short),
    country: countryCode(fields.text('country', MAX_TEXT.short)),
    ...parseOffer(fields, (field) => field),
    postedAt: fields.date('postedAt', { required: true }) as Date,
    firstSeenAt: fields.date('firstSeenAt'),
    republishCount: fields.count('republishCount'),
    experienceYears: null,
  };
}

function parseJSearch(fields: Fields): ParsedListing {
  const city = fields.text('job_city', MAX_TEXT.short);
  const state = fields.text('job_state', MAX_TEXT.short);
  const country = countryCode(fields.text('job_country', MAX_TEXT.short));
  const months = fields.nested('job_required_experience', 'required_experience_in_months');
  return {
    source: JSEARCH_SOURCE,
    externalId: fields.id('job_id'),
    title: fields.text('job_title', MAX_TEXT.short, { required: true }) as string,
    company: fields.text('employer_name', MAX_TEXT.short, { required: true }) as string,
    companyLogo: fields.url('employer_logo'),
    companyWebsite: fields.url('employer_website'),
    location: fields.text('job_location', MAX_TEXT.short) ?? ([city, state, country].filter(Boolean).join(', ') || null),
    city,
    state,
    country,
    ...parseOffer(fields, (field) => JSEARCH_OFFER_FIELDS[field]),
    postedAt: fields.date('job_posted_at_datetime_utc') ?? fields.timestamp('job_posted_at_timestamp', 'job_posted_at_datetime_utc'),
    firstSeenAt: null,
    republishCount: null,
    experienceYears: typeof months === 'number' && months >= 0 ? Math.floor(months / 12) : null,
  };
}

/** The offer's own fields, which both shapes give alike: ours under these names, JSearch under its own. */
const JSEARCH_OFFER_FIELDS = {
  isRemote: 'job_is_remote',
  employmentType: 'job_employment_type',
  applyLink: 'job_apply_link',
  applyIsDirect: 'job_apply_is_direct',
  publisher: 'job_publisher',
  description: 'job_description',
  highlights: 'job_highlights',
  benefits: 'job_benefits',
  salaryMin: 'job_min_salary',
  salaryMax: 'job_max_salary',
  salaryPeriod: 'job_salary_period',
} as const satisfies Record<string, keyof JSearchRecord>;
type OfferField = keyof typeof JSEARCH_OFFER_FIELDS;

/** The offer's fields read with one set of checks and limits whichever the shape; `named` gives a field's name in the record. */
function parseOffer(fields: Fields, named: (field: OfferField) => string) {
  return {
    isRemote: fields.boolean(named('isRemote')),
    employmentType: fields.employmentType(named('employmentType')),
    applyLink: fields.url(named('applyLink')),
    applyIsDirect: fields.boolean(named('applyIsDirect')) ?? false,
    publisher: fields.text(named('publisher'), MAX_TEXT.short),
    description: fields.text(named('description'), MAX_TEXT.description, { required: true }) as string,
    highlights: fields.highlights(named('highlights')),
    benefits: fields.benefits(named('benefits')),
    ...fields.salary(named('salaryMin'), named('salaryMax'), named('salaryPeriod')),
  };
}

/** "us" → "US"; names and other forms are kept as given. */
function countryCode(country: string | null): string | null {
  return country && /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : country;
}

/** "Full-time" → FULLTIME, "Contract" → CONTRACTOR, ... */
const EMPLOYMENT_ALIASES: Record<string, EmploymentType> = {
  FULLTIME: 'FULLTIME',
  PARTTIME: 'PARTTIME',
  CONTRACTOR: 'CONTRACTOR',
  CONTRACT: 'CONTRACTOR',
  FREELANCE: 'CONTRACTOR',
  INTERN: 'INTERN',
  INTERNSHIP: 'INTERN',
  TEMPORARY: 'TEMPORARY',
  TEMP: 'TEMPORARY',
};

/** Typed reads of one record's fields, throwing a rejection that names the field. */
class Fields {
  constructor(private readonly record: Record<string, unknown>) {}

  private value(name: string): unknown {
    const value = this.record[name];
    return value === undefined || value === '' ? null : value;
  }

  id(name: string): string {
    const value = this.value(name);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value !== 'string' || value.trim() === '') throw new RecordRejection(`${name} is required`);
    if (value.length > MAX_TEXT.id) throw new RecordRejection(`${name} must be at most ${MAX_TEXT.id} characters`);
    return value.trim();
  }

  text(name: string, max: number, options: { required?: boolean } = {}): string | null {
    const value = this.value(name);
    if (value === null) {
      if (options.required) throw new RecordRejection(`${name} is required`);
      return null;
    }
    if (typeof value !== 'string') throw new RecordRejection(`${name} must be a string`);
    const trimmed = value.trim();
    if (options.required && trimmed === '') throw new RecordRejection(`${name} is required`);
    if (trimmed.length > max) throw new RecordRejection(`${name} must be at most ${max} characters`);
    return trimmed || null;
  }

  url(name: string): string | null {
    const value = this.text(name, MAX_TEXT.url);
    if (value === null) return null;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') return value;
    } catch {
      // Reported below, like a URL with another scheme.
    }
    throw new RecordRejection(`${name} must be an http(s) URL`);
  }

  boolean(name: string): boolean | null {
    const value = this.value(name);
    if (value === null || typeof value === 'boolean') return value;
    throw new RecordRejection(`${name} must be a boolean`);
  }

  number(name: string): number | null {
    const value = this.value(name);
    if (value === null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new RecordRejection(`${name} must be a number of at least 0`);
    return value;
  }

  count(name: string): number | null {
    const value = this.number(name);
    if (value !== null && !Number.isInteger(value)) throw new RecordRejection(`${name} must be a whole number`);
    return value;
  }

  nested(name: string, field: string): unknown {
    const value = this.value(name);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : null;
  }

  date(name: string, options: { required?: boolean } = {}): Date | null {
    const value = this.text(name, 100, options);
    if (value === null) return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new RecordRejection(`${name} must be an ISO 8601 date`);
    return date;
  }

  /** Seconds since 1970, the provider's fallback when its ISO date is missing. */
  timestamp(name: string, preferred: string): Date {
    const seconds = this.number(name);
    if (seconds === null) throw new RecordRejection(`${preferred} is required`);
    return new Date(seconds * 1000);
  }

  employmentType(name: string): EmploymentType | null {
    const value = this.text(name, 50);
    if (value === null) return null;
    const type = EMPLOYMENT_ALIASES[value.toUpperCase().replace(/[^A-Z]/g, '')];
    if (!type) throw new RecordRejection(`${name} must be one of: ${EMPLOYMENT_TYPES.join(', ')}`);
    return type;
  }

  salary(minName: string, maxName: string, periodName: string) {
    const salaryMin = this.number(minName);
    const salaryMax = this.number(maxName);
    const period = this.text(periodName, 20)?.toUpperCase() ?? null;
    if (period !== null && !(SALARY_PERIODS as readonly string[]).includes(period)) {
      throw new RecordRejection(`${periodName} must be one of: ${SALARY_PERIODS.join(', ')}`);
    }
    if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) throw new RecordRejection(`${minName} must not exceed ${maxName}`);
    const hasSalary = salaryMin !== null || salaryMax !== null;
    return { salaryMin, salaryMax, salaryPeriod: hasSalary ? ((period as SalaryPeriod | null) ?? 'YEAR') : null };
  }

  highlights(name: string): Record<string, string[]> | null {
    const value = this.value(name);
    if (value === null) return null;
    const valid =
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.values(value).every((lines) => Array.isArray(lines) && lines.every((line) => typeof line === 'string'));
    if (!valid) throw new RecordRejection(`${name} must be an object of string arrays`);
    return value as Record<string, string[]>;
  }

  /** Benefit keys or `{key, name}` objects; a key we do not know keeps the provider's name and is just not filterable. */
  benefits(name: string): { key: string; name: string }[] {
    const value = this.value(name);
    if (value === null) return [];
    if (!Array.isArray(value)) throw new RecordRejection(`${name} must be an array`);
    return value.map((benefit) => {
      const key = typeof benefit === 'string' ? benefit : typeof benefit === 'object' && benefit !== null ? (benefit as { key?: unknown }).key : null;
      if (typeof key !== 'string' || key.trim() === '') throw new RecordRejection(`${name} must hold benefit keys or {key, name} objects`);
      const given = typeof benefit === 'object' ? (benefit as { name?: unknown }).name : undefined;
      const normalized = key.trim().toLowerCase();
      return { key: normalized, name: typeof given === 'string' ? given : (BENEFITS[normalized as BenefitKey] ?? key) };
    });
  }
}
