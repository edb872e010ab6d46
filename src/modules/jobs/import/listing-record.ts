import { z } from 'zod';
import { SALARY_PERIODS } from '../../../common/validation/salary-period';
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
  const result = ('job_id' in raw || 'job_title' in raw ? JSEARCH_LISTING : OUR_LISTING).safeParse(withoutBlanks(raw));
  if (result.success) return result.data;
  // One reason per record, naming the record's own field (not a path inside it).
  const [issue] = result.error.issues;
  throw new RecordRejection(`${String(issue.path[0])} ${issue.message}`);
}

/** The record's fields but those given as "", which read as not given: once per record, not once per field. */
function withoutBlanks(record: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name in record) {
    const value = (record as Record<string, unknown>)[name];
    if (value !== '') fields[name] = value;
  }
  return fields;
}

/** A field a record may leave out (or give as null or ""): null then. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

function text(max: number) {
  return optional(z.string({ error: 'must be a string' }).trim().max(max, `must be at most ${max} characters`)).transform((value) => value || null);
}

function requiredText(max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
}

/** The provider's id: text, or a number as text. */
const externalId = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.string({ error: 'is required' }).max(MAX_TEXT.id, `must be at most ${MAX_TEXT.id} characters`).trim().min(1, 'is required'),
);

const url = text(MAX_TEXT.url).refine((value) => value === null || isHttpUrl(value), 'must be an http(s) URL');

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const boolean = optional(z.boolean({ error: 'must be a boolean' }));

const amount = z.number({ error: 'must be a number of at least 0' }).min(0, 'must be a number of at least 0');
const count = optional(amount.int('must be a whole number'));

function isoDate(schema: z.ZodType<string | null>) {
  return schema.transform((value, context) => {
    if (value === null) return null;
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
    context.issues.push({ code: 'custom', message: 'must be an ISO 8601 date', input: value });
    return z.NEVER;
  });
}

/** "us" → "US"; names and other forms are kept as given. */
const country = text(MAX_TEXT.short).transform((value) => (value && /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : value));

/** "Full-time" → FULLTIME, "Contract" → CONTRACTOR, ... (each written in capitals, without separators). */
const EMPLOYMENT_ALIASES = {
  FULLTIME: 'FULLTIME',
  PARTTIME: 'PARTTIME',
  CONTRACTOR: 'CONTRACTOR',
  CONTRACT: 'CONTRACTOR',
  FREELANCE: 'CONTRACTOR',
  INTERN: 'INTERN',
  INTERNSHIP: 'INTERN',
  TEMPORARY: 'TEMPORARY',
  TEMP: 'TEMPORARY',
} as const satisfies Record<string, EmploymentType>;
type EmploymentAlias = keyof typeof EMPLOYMENT_ALIASES;

const employmentType = text(50)
  .transform((value) => value?.toUpperCase().replace(/[^A-Z]/g, '') ?? null)
  .pipe(z.enum(Object.keys(EMPLOYMENT_ALIASES) as EmploymentAlias[], { error: `must be one of: ${EMPLOYMENT_TYPES.join(', ')}` }).nullable())
  .transform((alias) => (alias === null ? null : EMPLOYMENT_ALIASES[alias]));

const salaryPeriod = text(20)
  .transform((value) => value?.toUpperCase() ?? null)
  .pipe(z.enum(SALARY_PERIODS, { error: `must be one of: ${SALARY_PERIODS.join(', ')}` }).nullable());

const HIGHLIGHTS_MESSAGE = 'must be an object of string arrays';
const highlights = optional(
  z.record(z.string(), z.array(z.string({ error: HIGHLIGHTS_MESSAGE }), { error: HIGHLIGHTS_MESSAGE }), { error: HIGHLIGHTS_MESSAGE }),
);

/** Benefit keys or `{key, name}` objects; a key we do not know keeps the provider's name and is just not filterable. */
const BENEFIT_MESSAGE = 'must hold benefit keys or {key, name} objects';
const benefit = z
  .union([z.string().transform((key) => ({ key, name: undefined as unknown })), z.object({ key: z.string(), name: z.unknown().optional() })], {
    error: BENEFIT_MESSAGE,
  })
  .refine(({ key }) => key.trim() !== '', BENEFIT_MESSAGE)
  .transform(({ key, name }) => {
    const normalized = key.trim().toLowerCase();
    return { key: normalized, name: typeof name === 'string' ? name : (BENEFITS[normalized as BenefitKey] ?? key) };
  });
const benefits = optional(z.array(benefit, { error: 'must be an array' })).transform((value) => value ?? []);

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

/** The offer's fields with one set of checks and limits whichever the shape. */
const OFFER = {
  isRemote: boolean,
  employmentType,
  applyLink: url,
  applyIsDirect: boolean.transform((value) => value ?? false),
  publisher: text(MAX_TEXT.short),
  description: requiredText(MAX_TEXT.description),
  highlights,
  benefits,
  salaryMin: optional(amount),
  salaryMax: optional(amount),
  salaryPeriod,
} satisfies Record<OfferField, z.ZodType>;
type Offer = z.output<z.ZodObject<typeof OFFER>>;
const OFFER_FIELDS = Object.keys(OFFER) as OfferField[];

/** The offer's fields under a shape's own names: `named` gives a field's name in the record. */
function offerFields<Name extends string>(named: (field: OfferField) => Name) {
  return Object.fromEntries(Object.entries(OFFER).map(([field, schema]) => [named(field as OfferField), schema])) as unknown as Record<Name, z.ZodType>;
}

/** The offer as stored, whichever the shape: salary checked across its fields, a salary without a period read as yearly. */
function parsedOffer(record: Record<string, unknown>, named: (field: OfferField) => string, context: z.RefinementCtx): Offer {
  const offer = {} as Record<OfferField, unknown>;
  for (const field of OFFER_FIELDS) offer[field] = record[named(field)];
  const { salaryMin, salaryMax, salaryPeriod } = offer as Offer;
  if (salaryMin !== null && salaryMax !== null && salaryMin > salaryMax) {
    context.issues.push({ code: 'custom', message: `must not exceed ${named('salaryMax')}`, path: [named('salaryMin')], input: salaryMin });
  }
  const hasSalary = salaryMin !== null || salaryMax !== null;
  return { ...(offer as Offer), salaryPeriod: hasSalary ? (salaryPeriod ?? 'YEAR') : null };
}

/** A record of our shape (ListingRecord). */
const OUR_LISTING = z
  .object({
    source: requiredText(MAX_TEXT.id),
    id: externalId,
    title: requiredText(MAX_TEXT.short),
    company: requiredText(MAX_TEXT.short),
    companyLogo: url,
    companyWebsite: url,
    location: text(MAX_TEXT.short),
    city: text(MAX_TEXT.short),
    state: text(MAX_TEXT.short),
    country,
    ...offerFields((field) => field),
    postedAt: isoDate(requiredText(100)),
    firstSeenAt: isoDate(text(100)),
    republishCount: count,
  })
  .transform((record, context): ParsedListing => ({
    source: record.source,
    externalId: record.id,
    title: record.title,
    company: record.company,
    companyLogo: record.companyLogo,
    companyWebsite: record.companyWebsite,
    location: record.location,
    city: record.city,
    state: record.state,
    country: record.country,
    ...parsedOffer(record, (field) => field, context),
    postedAt: record.postedAt as Date,
    firstSeenAt: record.firstSeenAt,
    republishCount: record.republishCount,
    experienceYears: null,
  }));

/** A record of the JSearch provider's raw shape (JSearchRecord). */
const JSEARCH_LISTING = z
  .object({
    job_id: externalId,
    job_title: requiredText(MAX_TEXT.short),
    employer_name: requiredText(MAX_TEXT.short),
    employer_logo: url,
    employer_website: url,
    job_location: text(MAX_TEXT.short),
    job_city: text(MAX_TEXT.short),
    job_state: text(MAX_TEXT.short),
    job_country: country,
    ...offerFields((field) => JSEARCH_OFFER_FIELDS[field]),
    job_posted_at_datetime_utc: isoDate(text(100)),
    // Read only when the ISO date is missing (postedAt below).
    job_posted_at_timestamp: z.unknown().optional(),
    // Anything but a number of months at least 0 is read as not given.
    job_required_experience: z
      .object({ required_experience_in_months: amount })
      .transform(({ required_experience_in_months: months }): number | null => Math.floor(months / 12))
      .catch(null),
  })
  .transform((record, context): ParsedListing => {
    const { job_city: city, job_state: state, job_country: country } = record;
    const offer = parsedOffer(record, (field) => JSEARCH_OFFER_FIELDS[field], context);
    const postedAt = record.job_posted_at_datetime_utc ?? postedAtTimestamp(record.job_posted_at_timestamp, context);
    return {
      source: JSEARCH_SOURCE,
      externalId: record.job_id,
      title: record.job_title,
      company: record.employer_name,
      companyLogo: record.employer_logo,
      companyWebsite: record.employer_website,
      location: record.job_location ?? ([city, state, country].filter(Boolean).join(', ') || null),
      city,
      state,
      country,
      ...offer,
      postedAt: postedAt as Date,
      firstSeenAt: null,
      republishCount: null,
      experienceYears: record.job_required_experience,
    };
  });

/** Seconds since 1970, the provider's fallback when its ISO date is missing. */
const TIMESTAMP = optional(amount);

function postedAtTimestamp(value: unknown, context: z.RefinementCtx): Date {
  const seconds = TIMESTAMP.safeParse(value);
  if (!seconds.success) context.issues.push({ code: 'custom', message: seconds.error.issues[0].message, path: ['job_posted_at_timestamp'], input: value });
  else if (seconds.data === null) context.issues.push({ code: 'custom', message: 'is required', path: ['job_posted_at_datetime_utc'], input: value });
  return new Date((seconds.data ?? 0) * 1000);
}
