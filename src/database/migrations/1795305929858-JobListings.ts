import { MigrationInterface, QueryRunner } from 'typeorm';

export class JobListings1795305929858 implements MigrationInterface {
  name = 'JobListings1795305929858';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), $1, $2, $3, $4, $5)`,
      ['public', 'job_listings', 'GENERATED_COLUMN', 'can_apply', 'apply_link IS NOT NULL'],
    );
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), $1, $2, $3, $4, $5)`,
      [
        'public',
        'job_listings',
        'GENERATED_COLUMN',
        'search_vector',
        "setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', company), 'B') || setweight(to_tsvector('english', description), 'C')",
      ],
    );
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), $1, $2, $3, $4, $5)`,
      [
        'public',
        'job_listings',
        'GENERATED_COLUMN',
        'title_vector',
        "setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', company), 'B')",
      ],
    );
    await queryRunner.query(
      `CREATE TABLE "job_listings" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "source" text NOT NULL, "external_id" text NOT NULL, "title" text NOT NULL, "company" text NOT NULL, "company_logo" text, "company_website" text, "location" text, "city" text, "state" text, "country" text, "is_remote" boolean NOT NULL, "employment_type" text NOT NULL, "apply_link" text, "apply_is_direct" boolean NOT NULL, "can_apply" boolean GENERATED ALWAYS AS (apply_link IS NOT NULL) STORED NOT NULL, "publisher" text, "description" text NOT NULL, "highlights" jsonb, "benefits" jsonb NOT NULL DEFAULT '[]', "salary_min" double precision, "salary_max" double precision, "salary_period" text, "posted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "first_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, "republish_count" integer NOT NULL DEFAULT '0', "title_normalized" text NOT NULL, "company_normalized" text NOT NULL, "place_keys" text array NOT NULL DEFAULT '{}', "annual_salary_min" integer, "annual_salary_max" integer, "job_level" text NOT NULL, "work_arrangement" text NOT NULL, "language" text NOT NULL, "visa_sponsorship" boolean NOT NULL, "security_clearance" boolean NOT NULL, "experience_years" smallint, "benefit_keys" text array NOT NULL DEFAULT '{}', "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', company), 'B') || setweight(to_tsvector('english', description), 'C')) STORED NOT NULL, "title_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', company), 'B')) STORED NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ce5adead49e5fbf2df55e1917c1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "job_listings_company" ON "job_listings" ("company_normalized") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "job_listings_source_external_id" ON "job_listings" ("source", "external_id") `);
    // Written by hand from here: what TypeORM cannot declare. Descriptions, search vectors and highlights move
    // to TOAST so that a heap row stays ~700 bytes and searches that visit many rows read ~10 per page instead
    // of ~2; the small columns searches test (title vector, filters) stay in the row.
    await queryRunner.query(`ALTER TABLE "job_listings" SET (toast_tuple_target = 1024)`);
    // Frequent and rare words must be told apart for the planner to pick an index walk or a GIN bitmap.
    await queryRunner.query(`ALTER TABLE "job_listings" ALTER COLUMN "search_vector" SET STATISTICS 1000`);
    await queryRunner.query(`ALTER TABLE "job_listings" ALTER COLUMN "title_vector" SET STATISTICS 1000`);
    // Newest-first keyset paging reads this index only: every column a filter tests is included, so a page
    // of a filtered search walks index pages in order instead of visiting one heap page per listing.
    await queryRunner.query(
      `CREATE INDEX "job_listings_newest" ON "job_listings" ("posted_at" DESC, "id" DESC) INCLUDE ("is_remote", "work_arrangement", "employment_type", "country", "place_keys", "job_level", "language", "visa_sponsorship", "security_clearance", "apply_is_direct", "can_apply", "annual_salary_min", "annual_salary_max", "experience_years", "source", "republish_count", "first_seen_at", "title_normalized", "company_normalized", "benefit_keys", "title_vector")`,
    );
    // The same order within one country, for searches limited to one (a walk passes only that country's listings).
    await queryRunner.query(`CREATE INDEX "job_listings_country_newest" ON "job_listings" ("country", "posted_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "job_listings_search_vector" ON "job_listings" USING gin ("search_vector")`);
    await queryRunner.query(`CREATE INDEX "job_listings_title_vector" ON "job_listings" USING gin ("title_vector")`);
    await queryRunner.query(`CREATE INDEX "job_listings_title_trgm" ON "job_listings" USING gin ("title_normalized" gin_trgm_ops)`);
    await queryRunner.query(
      `CREATE TABLE "signing_keys" ("purpose" text NOT NULL, "secret" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_30f463059446088e53b27204e20" PRIMARY KEY ("purpose"))`,
    );
    await queryRunner.query(`ALTER TABLE "applications" ADD "job_listing_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "applications" ADD CONSTRAINT "FK_66975001212cb5061eea5fb649b" FOREIGN KEY ("job_listing_id") REFERENCES "job_listings"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" DROP CONSTRAINT "FK_66975001212cb5061eea5fb649b"`);
    await queryRunner.query(`ALTER TABLE "applications" DROP COLUMN "job_listing_id"`);
    await queryRunner.query(`DROP TABLE "signing_keys"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_title_trgm"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_title_vector"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_search_vector"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_country_newest"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_newest"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_source_external_id"`);
    await queryRunner.query(`DROP INDEX "public"."job_listings_company"`);
    await queryRunner.query(`DROP TABLE "job_listings"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = current_database() AND "schema" = $3 AND "table" = $4`,
      ['GENERATED_COLUMN', 'title_vector', 'public', 'job_listings'],
    );
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = current_database() AND "schema" = $3 AND "table" = $4`,
      ['GENERATED_COLUMN', 'search_vector', 'public', 'job_listings'],
    );
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = current_database() AND "schema" = $3 AND "table" = $4`,
      ['GENERATED_COLUMN', 'can_apply', 'public', 'job_listings'],
    );
  }
}
