import { MigrationInterface, QueryRunner } from 'typeorm';
import { createListingCount, dropListingCount, ListingCount } from '../listing-counts';

/**
 * How many listings hold each lexeme, by country ('' for none) and remote flag, so that a search for one word limited
 * to a country, to remote listings or to both knows its exact total from a few rows (modules/jobs/search/
 * search-count.ts): counting "manager" among Germany's 12,771 remote listings at a million read ~12,000 table pages,
 * 205–247 ms, and a word's 5,000–12,500 listings in one country 40–96 ms (bench/RESULTS-search.md). A listing's keys
 * move when its search vector, its country or its remote flag changes.
 */
const LEXEME_PLACES: ListingCount = {
  table: 'job_listing_lexeme_places',
  keys: [
    { name: 'lexeme', type: 'text COLLATE "C"' },
    { name: 'country', type: 'text COLLATE "C"' },
    { name: 'is_remote', type: 'boolean' },
  ],
  keysOf: `(SELECT lexeme, coalesce(r.country, '') AS country, r.is_remote FROM unnest(tsvector_to_array(r.search_vector)) AS lexeme)`,
  columns: ['search_vector', 'country', 'is_remote'],
};

/** The lexeme counts of ListingWordCounts, per country and remote flag; the backfill runs while writes wait. */
export class ListingLexemePlaces1798000000000 implements MigrationInterface {
  name = 'ListingLexemePlaces1798000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await createListingCount(queryRunner, LEXEME_PLACES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropListingCount(queryRunner, LEXEME_PLACES);
  }
}
