import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search that stays fast when filters exclude every text match: an index for the location filter
 * (`place_keys @> ...`), and the dictionary of words the listings hold (job_search_words), which tells a word
 * that matches nothing (the only case for a prefix or a correction) from one whose matches the filters exclude.
 * Existing listings fill the dictionary once here; the import keeps it up to date.
 */
export class SearchWords1795600000000 implements MigrationInterface {
  name = 'SearchWords1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "job_listings_place_keys" ON "job_listings" USING gin ("place_keys")`);
    await queryRunner.query(
      `CREATE TABLE "job_search_words" ("word" text COLLATE "C" NOT NULL, "lexeme" text NOT NULL, CONSTRAINT "PK_job_search_words" PRIMARY KEY ("word"))`,
    );
    await queryRunner.query(`CREATE INDEX "job_search_words_lexeme" ON "job_search_words" ("lexeme") `);
    // Written by hand: a GiST trigram index answers "the nearest words to this one" (ORDER BY <->) without a threshold.
    await queryRunner.query(`CREATE INDEX "job_search_words_trgm" ON "job_search_words" USING gist ("word" gist_trgm_ops)`);
    await queryRunner.query(
      `INSERT INTO "job_search_words" ("word", "lexeme")
       SELECT word, array_to_string(tsvector_to_array(to_tsvector('english', word)), ' ')
         FROM ts_stat($$SELECT to_tsvector('simple', title || ' ' || company || ' ' || description) FROM job_listings$$)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "job_search_words"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_place_keys"`);
  }
}
