import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a search's filters and text test (search-filters.ts, search-sql.ts), and the key a sample row is found by.
 * Written out, as a migration is: the search code's own lists may change after it has run.
 */
const SAMPLE_COLUMN_LIST =
  '"id", "posted_at", "is_remote", "work_arrangement", "employment_type", "country", "place_keys", "job_level", "language", "visa_sponsorship", "security_clearance", "apply_is_direct", "can_apply", "annual_salary_min", "annual_salary_max", "experience_years", "source", "republish_count", "first_seen_at", "title_normalized", "company_normalized", "benefit_keys", "search_vector"';
const SAMPLE_COLUMNS = SAMPLE_COLUMN_LIST.split(', ');
/** Where the part of the sample ends (see ListingSample). */
const SAMPLE_PART_BELOW = '20000000-0000-0000-0000-000000000000';

/**
 * A uniform sample of the listings, one in 32 by the last byte of their id (random in every UUID the table holds:
 * gen_random_uuid), kept in the same transaction as the listing by a trigger, and removed with it by the foreign
 * key. A search's total, when its count cannot finish in the budget, is the sample's matches times 32
 * (modules/jobs/search/search-count.ts): the sample is small enough to count in a few ms at a million listings, and
 * unlike the newest listings, which the estimate used to read, it does not lean towards whatever was posted last.
 * The table holds every column a search's filters and text test, under the same names, so that the search's own
 * conditions apply to it unchanged. An eighth of it (ids that start below 2) is a partition of its own, for text
 * that many sampled listings hold.
 */
export class ListingSample1796400000000 implements MigrationInterface {
  name = 'ListingSample1796400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION listing_in_sample(id uuid) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT get_byte(uuid_send(id), 15) < 8 $$`,
    );
    // The listings' own column types, as PostgreSQL names them.
    const types: { name: string; type: string }[] = await queryRunner.query(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = 'job_listings'::regclass AND attname = ANY($1)`,
      [SAMPLE_COLUMNS.map((column) => column.slice(1, -1))],
    );
    const typeOf = new Map(types.map(({ name, type }) => [`"${name}"`, type]));
    await queryRunner.query(
      `CREATE TABLE "job_listing_sample" (${SAMPLE_COLUMNS.map((column) => `${column} ${typeOf.get(column)}`).join(', ')},
         CONSTRAINT "PK_job_listing_sample" PRIMARY KEY ("id"),
         CONSTRAINT "FK_job_listing_sample_listing" FOREIGN KEY ("id") REFERENCES "job_listings"("id") ON DELETE CASCADE) PARTITION BY RANGE ("id")`,
    );
    // An eighth of the sample, by the first byte of the id, in a table of its own, for text that many sampled listings
    // hold: its rows on pages of their own (an index of the whole sample's scattered them over every page, ~17 ms to
    // read for the 3,800 that hold "product" and "manager" at a million listings).
    await queryRunner.query(`CREATE TABLE "job_listing_sample_part" PARTITION OF "job_listing_sample" FOR VALUES FROM (MINVALUE) TO ('${SAMPLE_PART_BELOW}')`);
    await queryRunner.query(`CREATE TABLE "job_listing_sample_rest" PARTITION OF "job_listing_sample" FOR VALUES FROM ('${SAMPLE_PART_BELOW}') TO (MAXVALUE)`);
    await queryRunner.query(`INSERT INTO "job_listing_sample" SELECT ${SAMPLE_COLUMN_LIST} FROM "job_listings" WHERE listing_in_sample("id")`);
    await queryRunner.query(`CREATE INDEX "job_listing_sample_search_vector" ON "job_listing_sample" USING gin ("search_vector")`);
    await queryRunner.query(`CREATE INDEX "job_listing_sample_posted_at" ON "job_listing_sample" ("posted_at")`);
    const assignments = SAMPLE_COLUMNS.filter((column) => column !== '"id"').map((column) => `${column} = EXCLUDED.${column}`);
    await queryRunner.query(
      `CREATE FUNCTION job_listing_sample_write() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           INSERT INTO "job_listing_sample" (${SAMPLE_COLUMN_LIST}) VALUES (${SAMPLE_COLUMNS.map((column) => `NEW.${column}`).join(', ')})
             ON CONFLICT ("id") DO UPDATE SET ${assignments.join(', ')};
           RETURN NULL;
         END
       $$`,
    );
    // AFTER: the row as written, with its search vector (a BEFORE trigger) and generated columns.
    await queryRunner.query(
      `CREATE TRIGGER "job_listing_sample_write" AFTER INSERT OR UPDATE ON "job_listings"
         FOR EACH ROW WHEN (listing_in_sample(NEW."id")) EXECUTE FUNCTION job_listing_sample_write()`,
    );
    await queryRunner.query(`ANALYZE "job_listing_sample"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "job_listing_sample_write" ON "job_listings"`);
    await queryRunner.query(`DROP FUNCTION job_listing_sample_write()`);
    await queryRunner.query(`DROP TABLE "job_listing_sample"`);
    await queryRunner.query(`DROP FUNCTION listing_in_sample(uuid)`);
  }
}
