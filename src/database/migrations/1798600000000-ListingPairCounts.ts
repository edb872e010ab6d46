import { MigrationInterface, QueryRunner } from 'typeorm';
import { createListingCount, dropListingCount, ListingCount } from '../listing-counts';

/**
 * How many listings hold each pair of adjacent words (`job_listings.word_pairs`, hashed as the search hashes a
 * phrase's pairs), so that a quoted phrase of two words without filters has its exact total from one row, as one word
 * has from job_listing_lexemes. Counting it read a table page per match, up to 10,001: "registered nurse" (11,936
 * listings at 1M) took 12 ms with its pages in memory and ~50 ms without, on every first page, to learn only that it
 * held more than 10,000.
 */
const PAIRS: ListingCount = {
  table: 'job_listing_pairs',
  keys: [{ name: 'pair', type: 'bigint' }],
  keysOf: '(SELECT pair FROM unnest(r.word_pairs) AS pair)',
  columns: ['word_pairs'],
};

export class ListingPairCounts1798600000000 implements MigrationInterface {
  name = 'ListingPairCounts1798600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createListingCount(queryRunner, PAIRS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropListingCount(queryRunner, PAIRS);
  }
}
