import { MigrationInterface, QueryRunner } from 'typeorm';

const NEWEST_INCLUDES =
  '"is_remote", "work_arrangement", "employment_type", "country", "place_keys", "job_level", "language", "visa_sponsorship", "security_clearance", "apply_is_direct", "can_apply", "annual_salary_min", "annual_salary_max", "experience_years", "source", "republish_count", "first_seen_at", "title_normalized", "company_normalized", "benefit_keys", "title_vector"';
const SEARCH_VECTOR = (row: string) =>
  `setweight(to_tsvector('english', ${row}title), 'A') || setweight(to_tsvector('english', ${row}company), 'B') || setweight(to_tsvector('english', ${row}description), 'C')`;
const SIGNATURE_EXPRESSION = 'listing_words_signature(tsvector_to_array(search_vector))';

/**
 * The words of each listing as a 1,024-bit signature in the newest-first index (three bits per word, by its hashes),
 * so that a walk tests most listings for the words a search requires on the index alone: reading a listing's search
 * vector costs ~15 µs (a lookup by id, its TOASTed vector), and two common words walked 3,000 of them a chunk.
 * The size and the bits per word were chosen on the 10,000 newest of 100,000 generated listings, for the 66 pairs
 * of the benchmark's common words: a page of 21 matches reads 25 search vectors on average (90th percentile 41, the
 * worst 58), against 13,319 without a signature; 2,048 bits read 21 (22, 45) for twice the bytes in each index
 * entry. With one bit per word, a word's bit was often one that the words nearly every listing holds had already
 * set: "python" passed 96% of listings, in 13% of them.
 *
 * A generated column cannot read another, and computing the words twice would double the import's costliest step
 * (to_tsvector, ~0.5 ms a listing), so `search_vector` is kept by a trigger from here on and the signature is
 * generated from it. The hash is hashtextextended, the one PostgreSQL keeps stable across versions for hash
 * partitioning, so that an upgrade leaves stored signatures true. Stored PLAIN: always in the row, never TOASTed.
 */
export class ListingWordsSignature1796300000000 implements MigrationInterface {
  name = 'ListingWordsSignature1796300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION listing_words_signature(words text[]) RETURNS bit(1024) LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
         SELECT coalesce(bit_or(set_bit(B'0'::bit(1024), (hashtextextended(word, seed) & 1023)::int, 1)), B'0'::bit(1024))
           FROM unnest(words) word, generate_series(0, 2) seed
       $$`,
    );
    await queryRunner.query(`ALTER TABLE "job_listings" ALTER COLUMN "search_vector" DROP EXPRESSION`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = current_database() AND "schema" = $3 AND "table" = $4`,
      ['GENERATED_COLUMN', 'search_vector', 'public', 'job_listings'],
    );
    await queryRunner.query(
      `CREATE FUNCTION job_listings_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           NEW.search_vector := ${SEARCH_VECTOR('NEW.')};
           RETURN NEW;
         END
       $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "job_listings_search_vector" BEFORE INSERT OR UPDATE OF "title", "company", "description" ON "job_listings"
         FOR EACH ROW EXECUTE FUNCTION job_listings_search_vector()`,
    );
    // Dropped first: the rewrite below rebuilds every index, and this one is rebuilt with the signature anyway.
    await queryRunner.query(`DROP INDEX "public"."job_listings_newest"`);
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), $1, $2, $3, $4, $5)`,
      ['public', 'job_listings', 'GENERATED_COLUMN', 'words_signature', SIGNATURE_EXPRESSION],
    );
    await queryRunner.query(`ALTER TABLE "job_listings" ADD "words_signature" bit(1024) GENERATED ALWAYS AS (${SIGNATURE_EXPRESSION}) STORED NOT NULL`);
    await queryRunner.query(`ALTER TABLE "job_listings" ALTER COLUMN "words_signature" SET STORAGE PLAIN`);
    await queryRunner.query(
      `CREATE INDEX "job_listings_newest" ON "job_listings" ("posted_at" DESC, "id" DESC) INCLUDE (${NEWEST_INCLUDES}, "words_signature")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."job_listings_newest"`);
    await queryRunner.query(`ALTER TABLE "job_listings" DROP COLUMN "words_signature"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = current_database() AND "schema" = $3 AND "table" = $4`,
      ['GENERATED_COLUMN', 'words_signature', 'public', 'job_listings'],
    );
    await queryRunner.query(`DROP TRIGGER "job_listings_search_vector" ON "job_listings"`);
    await queryRunner.query(`DROP FUNCTION job_listings_search_vector()`);
    await queryRunner.query(`DROP FUNCTION listing_words_signature(text[])`);
    // Generated again: PostgreSQL before 17 cannot give an existing column an expression.
    await queryRunner.query(`DROP INDEX "public"."job_listings_search_vector"`);
    await queryRunner.query(`ALTER TABLE "job_listings" DROP COLUMN "search_vector"`);
    await queryRunner.query(`ALTER TABLE "job_listings" ADD "search_vector" tsvector GENERATED ALWAYS AS (${SEARCH_VECTOR('')}) STORED NOT NULL`);
    await queryRunner.query(`ALTER TABLE "job_listings" ALTER COLUMN "search_vector" SET STATISTICS 1000`);
    await queryRunner.query(`CREATE INDEX "job_listings_search_vector" ON "job_listings" USING gin ("search_vector")`);
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), $1, $2, $3, $4, $5)`,
      ['public', 'job_listings', 'GENERATED_COLUMN', 'search_vector', SEARCH_VECTOR('')],
    );
    await queryRunner.query(`CREATE INDEX "job_listings_newest" ON "job_listings" ("posted_at" DESC, "id" DESC) INCLUDE (${NEWEST_INCLUDES})`);
  }
}
