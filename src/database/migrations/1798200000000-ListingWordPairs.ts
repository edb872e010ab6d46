import { MigrationInterface, QueryRunner } from 'typeorm';

const PAIRS_EXPRESSION = 'listing_word_pairs(search_vector)';

/**
 * Each listing's pairs of adjacent words, hashed, with an index, so that a quoted phrase is found without reading
 * every listing that holds its words apart: only a listing's search vector, TOASTed and compressed, tells a phrase
 * from its words together (~10–100 µs a listing), and "junior pharmacist" has some 12,000 such listings at 1M,
 * which an exact total read one by one (p95 390 ms, p99 875: bench/RESULTS-search.md). A pair is the lexemes at two
 * consecutive positions of the search vector, as the phrase operator `<->` compares them, so that a listing holds a
 * pair exactly when it matches the two-word phrase. The hash is hashtextextended (64 bits, kept stable across
 * PostgreSQL versions): two pairs share one about once in 10^19 comparisons. Each update of a listing's text costs
 * ~20% more (10,000 of 20,000 listings: 12.1 s against 10.1, medians of three); at 1M the column and its index add
 * 1.4 GB (204 MB of it the index), and the migration took 6 minutes (bench/RESULTS-search.md).
 */
export class ListingWordPairs1798200000000 implements MigrationInterface {
  name = 'ListingWordPairs1798200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION listing_word_pairs(words tsvector) RETURNS bigint[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
         WITH placed AS (SELECT lexeme, unnest(positions) AS at FROM unnest(words))
         SELECT coalesce(array_agg(DISTINCT hashtextextended(first.lexeme || ' ' || second.lexeme, 0)), '{}')
           FROM placed first JOIN placed second ON second.at = first.at + 1
       $$`,
    );
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), $1, $2, $3, $4, $5)`,
      ['public', 'job_listings', 'GENERATED_COLUMN', 'word_pairs', PAIRS_EXPRESSION],
    );
    await queryRunner.query(`ALTER TABLE "job_listings" ADD "word_pairs" bigint[] GENERATED ALWAYS AS (${PAIRS_EXPRESSION}) STORED NOT NULL`);
    await queryRunner.query(`CREATE INDEX "job_listings_word_pairs" ON "job_listings" USING gin ("word_pairs")`);
    // The planner's estimates of a pair need the column's statistics (a vacuum, which a transaction cannot run, is
    // left to the operator: docs/operations.md).
    await queryRunner.query(`ANALYZE "job_listings" ("word_pairs")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."job_listings_word_pairs"`);
    await queryRunner.query(`ALTER TABLE "job_listings" DROP COLUMN "word_pairs"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = current_database() AND "schema" = $3 AND "table" = $4`,
      ['GENERATED_COLUMN', 'word_pairs', 'public', 'job_listings'],
    );
    await queryRunner.query(`DROP FUNCTION listing_word_pairs(tsvector)`);
  }
}
