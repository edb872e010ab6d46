import { MigrationInterface, QueryRunner } from 'typeorm';
import { createListingCount, dropListingCount, ListingCount } from '../listing-counts';

/**
 * How many listings hold each lexeme of their search vectors, so that a search for one word without filters knows
 * its exact total from one row (modules/jobs/search/search-count.ts): counting the word's matches read a table page
 * per match, ~20 ms for a word in 2,000 listings at a million, when the table outgrows PostgreSQL's buffers.
 */
const LEXEMES: ListingCount = {
  table: 'job_listing_lexemes',
  keys: [{ name: 'lexeme', type: 'text COLLATE "C"' }],
  keysOf: '(SELECT lexeme FROM unnest(tsvector_to_array(r.search_vector)) AS lexeme)',
  columns: ['search_vector'],
  backfill: `SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM job_listings')`,
};

/**
 * How many listings' title vectors (title and company) hold each pair of lexemes, so that a search knows at once
 * that no title holds its words together (modules/jobs/search/search-plan.ts): proving it through the title index
 * ANDed the lexemes' entries, ~15–20 ms for "engineer" (424,249 titles at a million) and "developer" (147,501).
 */
const TITLE_PAIRS: ListingCount = {
  table: 'job_listing_title_pairs',
  keys: [
    { name: 'first', type: 'text COLLATE "C"' },
    { name: 'second', type: 'text COLLATE "C"' },
  ],
  keysOf: `(SELECT a AS first, b AS second FROM unnest(tsvector_to_array(r.title_vector)) AS a, unnest(tsvector_to_array(r.title_vector)) AS b
             WHERE a COLLATE "C" < b COLLATE "C")`,
  columns: ['title_vector'],
};

/**
 * Two tables of counts of what the listings' words hold (LEXEMES, TITLE_PAIRS). Statement triggers keep them in the
 * transaction of every change to `job_listings`, whoever makes it: an import's insert or update (a re-import whose
 * text changed moves its counts), a delete, a truncate. The backfill runs while writes to `job_listings` wait, so
 * that none is counted twice or missed.
 */
export class ListingWordCounts1796500000000 implements MigrationInterface {
  name = 'ListingWordCounts1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const count of [LEXEMES, TITLE_PAIRS]) await createListingCount(queryRunner, count);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const count of [TITLE_PAIRS, LEXEMES]) await dropListingCount(queryRunner, count);
  }
}
