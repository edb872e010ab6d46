import { MigrationInterface, QueryRunner } from 'typeorm';
import { createListingCount, dropListingCount, ListingCount } from '../listing-counts';

/**
 * How many listings hold each of a chosen set of phrases of three to five words (`job_listing_phrases`), so that a
 * quoted phrase that many listings hold has its exact total from one row, as a phrase of two words has from
 * job_listing_pairs. Counting "senior software engineer" (5,245 listings at 1M) read a table page for each listing
 * that holds both its pairs of words: 2.9 ms with the pages in PostgreSQL's buffers, 12–23 ms from the OS cache,
 * where a million listings' pages are (bench/RESULTS-search.md). Every run of words is far too many keys to count
 * (nearly every run of real text is distinct): `jobs:count-phrases` chooses the runs that the sample finds in many
 * listings, or that an operator names, and counts them; the triggers then keep those counts, and compute a changed
 * listing's runs only while some are chosen: an import of 20,000 listings took 1.25 times as long with the 8,694 runs
 * chosen at 1M (`npm run bench:phrase-writes`), and as long as before with none.
 *
 * A run is the lexemes at consecutive positions of the search vector, as the phrase operator `<->` compares them,
 * hashed as a phrase's pairs are (hashtextextended of the lexemes joined by spaces).
 */
const PHRASES: ListingCount = {
  table: 'job_listing_phrases',
  keys: [{ name: 'phrase', type: 'bigint' }],
  keysOf: '(SELECT phrase FROM unnest(listing_phrases(r.search_vector)) AS phrase)',
  columns: ['search_vector'],
  chosen: true,
};

export class ListingPhraseCounts1798800000000 implements MigrationInterface {
  name = 'ListingPhraseCounts1798800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // An array indexed by position, read once: a join of the positions with themselves, as listing_word_pairs does
    // for pairs, took 0.46 ms a listing against 0.41. Only where two lexemes share a position (the 16,383rd, where
    // every later word of a long text lands) does the join answer, as `<->` does, a run through either.
    await queryRunner.query(
      `CREATE FUNCTION listing_phrases(words tsvector) RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
         DECLARE
           placed text[] := '{}';
           found bigint[] := '{}';
           word record;
           last integer := 0;
           run text;
         BEGIN
           FOR word IN SELECT lexeme, unnest(positions) AS at FROM unnest(words) LOOP
             IF placed[word.at] IS NOT NULL THEN
               RETURN ARRAY(
                 WITH placed AS (SELECT lexeme, unnest(positions) AS at FROM unnest(words))
                 SELECT DISTINCT hashtextextended(run.words, 0)
                   FROM placed a JOIN placed b ON b.at = a.at + 1 JOIN placed c ON c.at = a.at + 2
                   LEFT JOIN placed d ON d.at = a.at + 3 LEFT JOIN placed e ON e.at = a.at + 4,
                   LATERAL (VALUES (a.lexeme || ' ' || b.lexeme || ' ' || c.lexeme),
                                   (a.lexeme || ' ' || b.lexeme || ' ' || c.lexeme || ' ' || d.lexeme),
                                   (a.lexeme || ' ' || b.lexeme || ' ' || c.lexeme || ' ' || d.lexeme || ' ' || e.lexeme)) AS run (words)
                  WHERE run.words IS NOT NULL);
             END IF;
             placed[word.at] := word.lexeme;
             last := greatest(last, word.at);
           END LOOP;
           FOR at IN 1 .. last - 2 LOOP
             CONTINUE WHEN placed[at] IS NULL OR placed[at + 1] IS NULL OR placed[at + 2] IS NULL;
             run := placed[at] || ' ' || placed[at + 1] || ' ' || placed[at + 2];
             found := found || hashtextextended(run, 0);
             FOR more IN 3 .. 4 LOOP
               EXIT WHEN placed[at + more] IS NULL;
               run := run || ' ' || placed[at + more];
               found := found || hashtextextended(run, 0);
             END LOOP;
           END LOOP;
           RETURN ARRAY(SELECT DISTINCT unnest(found));
         END
       $$`,
    );
    await createListingCount(queryRunner, PHRASES);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropListingCount(queryRunner, PHRASES);
    await queryRunner.query(`DROP FUNCTION listing_phrases(tsvector)`);
  }
}
