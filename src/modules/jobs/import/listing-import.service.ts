import { Injectable } from '@nestjs/common';
import { BenefitKey, BENEFITS } from '../job-search-values';
import { WrittenListing } from '../listing-columns';
import { annualize, enrichListing } from '../listing-enrichment';
import { ListingsRepository } from '../listings.repository';
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

/** A listing as the import writes it: every written column of LISTING_COLUMNS. */
export type ListingRow = WrittenListing;

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
  constructor(private readonly listings: ListingsRepository) {}

  async importRecords(records: AsyncIterable<SourceRecord>, observer: ImportObserver): Promise<ImportCounts> {
    const counts: ImportCounts = { imported: 0, updated: 0, rejected: 0 };
    const now = new Date();
    let batch = new Map<string, ListingRow>();
    const flush = async () => {
      if (batch.size === 0) return;
      const result = await this.listings.upsert([...batch.values()]);
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
}
