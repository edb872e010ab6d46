import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BenefitKey, BENEFITS } from '../job-search-values';
import { annualize, enrichListing } from '../listing-enrichment';
import { parseListingRecord, ParsedListing, RecordRejection } from './listing-record';

export interface ImportCounts {
  imported: number;
  updated: number;
  rejected: number;
}

export interface SourceRecord {
  /** Where the record is in its file, for rejection reports: the line of NDJSON, the index of a JSON array. */
  position: string;
  /** The parsed JSON, or the reason it could not be parsed. */
  value: unknown;
  parseError?: string;
}

export interface ImportObserver {
  rejected(position: string, reason: string): void;
  progress?(counts: ImportCounts): void;
}

/** Rows per INSERT: large enough to amortize round trips, small enough to keep one statement's memory modest. */
const BATCH_SIZE = 500;

/**
 * One column of the batched upsert: its name, the Postgres array type it travels as, and how a listing fills it.
 * Rows go in as one array per column through `unnest`, so a batch is one statement with ~35 parameters. A text[]
 * per row cannot travel inside a text[][] (rows differ in length), so array columns travel as JSON.
 */
const ARRAY_COLUMNS = new Set(['place_keys', 'benefit_keys']);
const COLUMNS: [string, string, (row: ListingRow) => unknown][] = [
  ['source', 'text', (row) => row.source],
  ['external_id', 'text', (row) => row.externalId],
  ['title', 'text', (row) => row.title],
  ['company', 'text', (row) => row.company],
  ['company_logo', 'text', (row) => row.companyLogo],
  ['company_website', 'text', (row) => row.companyWebsite],
  ['location', 'text', (row) => row.location],
  ['city', 'text', (row) => row.city],
  ['state', 'text', (row) => row.state],
  ['country', 'text', (row) => row.country],
  ['is_remote', 'boolean', (row) => row.isRemote],
  ['employment_type', 'text', (row) => row.employmentType],
  ['apply_link', 'text', (row) => row.applyLink],
  ['apply_is_direct', 'boolean', (row) => row.applyIsDirect],
  ['publisher', 'text', (row) => row.publisher],
  ['description', 'text', (row) => row.description],
  ['highlights', 'jsonb', (row) => (row.highlights ? JSON.stringify(row.highlights) : null)],
  ['benefits', 'jsonb', (row) => JSON.stringify(row.benefits)],
  ['salary_min', 'float8', (row) => row.salaryMin],
  ['salary_max', 'float8', (row) => row.salaryMax],
  ['salary_period', 'text', (row) => row.salaryPeriod],
  ['posted_at', 'timestamptz', (row) => row.postedAt.toISOString()],
  ['first_seen_at', 'timestamptz', (row) => row.firstSeenAt.toISOString()],
  ['republish_count', 'int4', (row) => row.republishCount],
  ['title_normalized', 'text', (row) => row.titleNormalized],
  ['company_normalized', 'text', (row) => row.companyNormalized],
  ['place_keys', 'jsonb', (row) => JSON.stringify(row.placeKeys)],
  ['annual_salary_min', 'int4', (row) => row.annualSalaryMin],
  ['annual_salary_max', 'int4', (row) => row.annualSalaryMax],
  ['job_level', 'text', (row) => row.jobLevel],
  ['work_arrangement', 'text', (row) => row.workArrangement],
  ['language', 'text', (row) => row.language],
  ['visa_sponsorship', 'boolean', (row) => row.visaSponsorship],
  ['security_clearance', 'boolean', (row) => row.securityClearance],
  ['experience_years', 'int2', (row) => row.experienceYears],
  ['benefit_keys', 'jsonb', (row) => JSON.stringify(row.benefitKeys)],
];

/** Columns a re-import does not overwrite: identity, first sighting and the republish count have their own rules. */
const KEPT_ON_UPDATE = new Set(['source', 'external_id', 'first_seen_at', 'republish_count']);

const UPSERT_SQL = `
  INSERT INTO job_listings (${COLUMNS.map(([name]) => name).join(', ')})
  SELECT ${COLUMNS.map(([name]) => (ARRAY_COLUMNS.has(name) ? `ARRAY(SELECT jsonb_array_elements_text(${name}))` : name)).join(', ')}
  FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
    AS incoming(${COLUMNS.map(([name]) => name).join(', ')})
  ON CONFLICT (source, external_id) DO UPDATE SET
    ${COLUMNS.filter(([name]) => !KEPT_ON_UPDATE.has(name))
      .map(([name]) => `${name} = EXCLUDED.${name}`)
      .join(',\n    ')},
    first_seen_at = LEAST(job_listings.first_seen_at, EXCLUDED.first_seen_at),
    republish_count = job_listings.republish_count + (EXCLUDED.posted_at <> job_listings.posted_at)::int,
    updated_at = now()
  RETURNING (xmax = 0) AS inserted`;

export type ListingRow = Omit<ParsedListing, 'firstSeenAt' | 'republishCount' | 'experienceYears'> &
  ReturnType<typeof enrichListing> & {
    firstSeenAt: Date;
    republishCount: number;
    annualSalaryMin: number | null;
    annualSalaryMax: number | null;
  };

/** A parsed record completed with what the enrichment derives, as the table stores it. */
export function toListingRow(listing: ParsedListing, now: Date): ListingRow {
  const known = listing.benefits.map((benefit) => benefit.key).filter((key): key is BenefitKey => key in BENEFITS);
  const facts = enrichListing({
    title: listing.title,
    company: listing.company,
    description: listing.description,
    highlights: Object.values(listing.highlights ?? {}).flat(),
    location: listing.location,
    city: listing.city,
    state: listing.state,
    country: listing.country,
    isRemote: listing.isRemote,
    employmentType: listing.employmentType,
    benefitKeys: known,
    experienceYears: listing.experienceYears,
  });
  // A listing has existed at least since it was posted, even when we see it for the first time today.
  const seen = [listing.firstSeenAt, listing.postedAt, now].filter((date): date is Date => date !== null);
  return {
    ...listing,
    ...facts,
    // "Apply directly" means nothing without a link to apply at.
    applyIsDirect: listing.applyIsDirect && listing.applyLink !== null,
    benefits: listing.benefits.length > 0 ? listing.benefits : facts.benefitKeys.map((key) => ({ key, name: BENEFITS[key] })),
    firstSeenAt: new Date(Math.min(...seen.map((date) => date.getTime()))),
    republishCount: listing.republishCount ?? 0,
    annualSalaryMin: annualize(listing.salaryMin, listing.salaryPeriod),
    annualSalaryMax: annualize(listing.salaryMax, listing.salaryPeriod),
  };
}

/**
 * `jobs:import`: parses each record, derives what it lacks, and upserts in batches by (source, external id).
 * A listing seen again is updated, and its `republishCount` grows when its posting date moved.
 */
@Injectable()
export class ListingImportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async importRecords(records: AsyncIterable<SourceRecord>, observer: ImportObserver): Promise<ImportCounts> {
    const counts: ImportCounts = { imported: 0, updated: 0, rejected: 0 };
    const now = new Date();
    let batch = new Map<string, ListingRow>();
    const flush = async () => {
      if (batch.size === 0) return;
      const result = await this.upsert([...batch.values()]);
      counts.imported += result.inserted;
      counts.updated += result.updated;
      batch = new Map();
      observer.progress?.(counts);
    };

    for await (const record of records) {
      let row: ListingRow;
      try {
        if (record.parseError) throw new RecordRejection(record.parseError);
        row = toListingRow(parseListingRecord(record.value), now);
      } catch (error) {
        if (!(error instanceof RecordRejection)) throw error;
        counts.rejected++;
        observer.rejected(record.position, error.message);
        continue;
      }
      const key = `${row.source}\u0000${row.externalId}`;
      // One statement cannot upsert the same row twice: a repeat within the batch waits for the next one.
      if (batch.has(key)) await flush();
      batch.set(key, row);
      if (batch.size >= BATCH_SIZE) await flush();
    }
    await flush();
    return counts;
  }

  private async upsert(rows: ListingRow[]): Promise<{ inserted: number; updated: number }> {
    const parameters = COLUMNS.map(([, , value]) => rows.map(value));
    const result: { inserted: boolean }[] = await this.dataSource.query(UPSERT_SQL, parameters);
    const inserted = result.filter((row) => row.inserted).length;
    return { inserted, updated: result.length - inserted };
  }
}
