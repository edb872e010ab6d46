import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Adds one signed change per lexeme to the counts, in lexeme order so that concurrent imports lock alike and never
 * deadlock. `vectors` selects (search_vector, change) rows.
 */
const ADD_CHANGES = (vectors: string) => `
  INSERT INTO job_listing_lexemes AS counted (lexeme, listings)
  SELECT lexeme, sum(change)::int FROM (SELECT unnest(tsvector_to_array(search_vector)) AS lexeme, change FROM (${vectors}) AS vectors) AS changes
   GROUP BY lexeme HAVING sum(change) <> 0 ORDER BY lexeme
  ON CONFLICT (lexeme) DO UPDATE SET listings = counted.listings + EXCLUDED.listings`;

/**
 * How many listings hold each lexeme of the search vectors, so that a search for one word without filters knows its
 * exact total from one row (modules/jobs/search/search-count.ts). Counting the word's matches read one table page
 * per match: ~20 ms for a word in 2,000 listings at a million, when the table outgrows PostgreSQL's buffers.
 * Statement triggers keep the counts in the transaction of every change to `job_listings`, whoever makes it: an
 * import's insert or update (a re-import whose text changed moves its lexemes), a delete, a truncate. The backfill
 * runs while writes to `job_listings` wait, so that none is counted twice or missed.
 */
export class ListingLexemes1796500000000 implements MigrationInterface {
  name = 'ListingLexemes1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "job_listings" IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(
      `CREATE TABLE "job_listing_lexemes" ("lexeme" text COLLATE "C" NOT NULL, "listings" integer NOT NULL, CONSTRAINT "PK_job_listing_lexemes" PRIMARY KEY ("lexeme"))`,
    );
    await queryRunner.query(`CREATE FUNCTION job_listing_lexemes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_CHANGES('SELECT search_vector, 1 AS change FROM new_rows')};
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION job_listing_lexemes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_CHANGES('SELECT search_vector, -1 AS change FROM old_rows')};
        RETURN NULL;
      END $$`);
    // Most updates (a re-import of the same text) leave the vector as it was: only those that change it count.
    await queryRunner.query(`CREATE FUNCTION job_listing_lexemes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_CHANGES(`SELECT vectors.search_vector, vectors.change FROM new_rows JOIN old_rows USING (id)
                         CROSS JOIN LATERAL (VALUES (new_rows.search_vector, 1), (old_rows.search_vector, -1)) AS vectors (search_vector, change)
                        WHERE new_rows.search_vector IS DISTINCT FROM old_rows.search_vector`)};
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION job_listing_lexemes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM job_listing_lexemes;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER job_listing_lexemes_insert AFTER INSERT ON "job_listings" REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION job_listing_lexemes_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER job_listing_lexemes_delete AFTER DELETE ON "job_listings" REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION job_listing_lexemes_deleted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER job_listing_lexemes_update AFTER UPDATE ON "job_listings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION job_listing_lexemes_updated()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER job_listing_lexemes_truncate AFTER TRUNCATE ON "job_listings" FOR EACH STATEMENT EXECUTE FUNCTION job_listing_lexemes_truncated()`,
    );
    await queryRunner.query(`INSERT INTO job_listing_lexemes (lexeme, listings) SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM job_listings')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER job_listing_lexemes_truncate ON "job_listings"`);
    await queryRunner.query(`DROP TRIGGER job_listing_lexemes_update ON "job_listings"`);
    await queryRunner.query(`DROP TRIGGER job_listing_lexemes_delete ON "job_listings"`);
    await queryRunner.query(`DROP TRIGGER job_listing_lexemes_insert ON "job_listings"`);
    await queryRunner.query(`DROP FUNCTION job_listing_lexemes_truncated()`);
    await queryRunner.query(`DROP FUNCTION job_listing_lexemes_updated()`);
    await queryRunner.query(`DROP FUNCTION job_listing_lexemes_deleted()`);
    await queryRunner.query(`DROP FUNCTION job_listing_lexemes_inserted()`);
    await queryRunner.query(`DROP TABLE "job_listing_lexemes"`);
  }
}
