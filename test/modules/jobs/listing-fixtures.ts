import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ListingImportService, ListingRow, toListingRow } from '@src/modules/jobs/import/listing-import.service';
import { ListingRecord, parseListingRecord } from '@src/modules/jobs/import/listing-record';
import { generateListings } from '../../../tools/listing-generator/listing-generator';

/** A listing as the tests know it: the record sent, and what the import derived and stored from it. */
export interface KnownListing {
  id: string;
  record: ListingRecord;
  row: ListingRow;
}

/**
 * Listings of one test file: every source name starts with a tag of its own, so that searches filtered by
 * `sources` see only them, whatever other test files import into the shared database meanwhile.
 */
export class ListingSet {
  readonly tag = `t${randomBytes(4).toString('hex')}`;
  readonly listings: KnownListing[] = [];

  constructor(private readonly app: INestApplication) {}

  get sources(): string[] {
    return [...new Set(this.listings.map((listing) => listing.record.source))];
  }

  /** `count` generated listings (our shape), dated back from `asOf`. */
  async generate(count: number, seed: string, asOf: Date): Promise<KnownListing[]> {
    const records = [...generateListings(count, { seed, asOf, format: 'ours' })].map((record) => ({
      ...(record as ListingRecord),
      source: `${this.tag}-${(record as ListingRecord).source}`,
    }));
    return this.add(records);
  }

  /** Imports records through the import service and answers them with their ids. */
  async add(records: ListingRecord[]): Promise<KnownListing[]> {
    const importer = this.app.get(ListingImportService);
    const rejected: string[] = [];
    await importer.importRecords(
      (async function* () {
        for (const [index, record] of records.entries()) yield { position: `record ${index + 1}`, value: record };
      })(),
      { rejected: (position, reason) => rejected.push(`${position}: ${reason}`) },
    );
    if (rejected.length > 0) throw new Error(`Fixtures rejected: ${rejected.join('; ')}`);
    const ids: { id: string; source: string; external_id: string }[] = await this.app
      .get(DataSource)
      .query('SELECT id, source, external_id FROM job_listings WHERE source = ANY($1)', [[...new Set(records.map((record) => record.source))]]);
    const idOf = new Map(ids.map((row) => [`${row.source}/${row.external_id}`, row.id]));
    const now = new Date();
    const added = records.map((record) => ({
      id: idOf.get(`${record.source}/${record.id}`) as string,
      record,
      row: toListingRow(parseListingRecord(record), now),
    }));
    this.listings.push(...added);
    return added;
  }

  /** Imports a listing again with `fields` changed, as its provider's next version would arrive. */
  async update(id: string, fields: Partial<ListingRecord>): Promise<void> {
    const known = this.listings.findIndex((listing) => listing.id === id);
    const [updated] = await this.add([{ ...this.listings[known].record, ...fields }]);
    this.listings.splice(known, 1);
    if (updated.id !== id) throw new Error(`Listing ${id} came back as ${updated.id}`);
  }
}

/** A record of our shape with defaults for what a test does not care about. */
export function listingRecord(tag: string, fields: Partial<ListingRecord> & { id: string }): ListingRecord {
  return {
    source: `${tag}-fixtures`,
    title: 'Operations Associate',
    company: 'Fixture Company',
    description: 'A listing made by a test.',
    postedAt: new Date().toISOString(),
    ...fields,
  };
}
