import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A narrow index of posting times, for the planner to AND with the text's bitmap, so that a search reads only the
 * text's matches within a recent period (modules/jobs/search/search-period.ts). job_listings_newest has the same key
 * but includes every filtered column, and the planner will not AND a bitmap of so wide an index. The index is on an
 * expression (the time since 2000, LISTING_AGE in search-sql.ts) that only the period's conditions use: an index on
 * posted_at itself would be taken, with a sort, for walks and counts that the covering index serves from the index
 * alone, and they would read the table.
 */
export class ListingsPostedAt1796200000001 implements MigrationInterface {
  name = 'ListingsPostedAt1796200000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "job_listings_posted_at" ON "job_listings" (("posted_at" - timestamptz '2000-01-01 00:00:00+00'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."job_listings_posted_at"`);
  }
}
