import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A narrow index of posting times. job_listings_newest has the same key, but it includes every filtered column, and
 * the planner will not AND a bitmap of so wide an index with the text's: this one it does, so a search reads only
 * the text's matches within a recent period (modules/jobs/search/search-period.ts).
 */
export class ListingsPostedAt1796200000001 implements MigrationInterface {
  name = 'ListingsPostedAt1796200000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "job_listings_posted_at" ON "job_listings" ("posted_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."job_listings_posted_at"`);
  }
}
