import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An index of remote listings' places. "Remote" with a city names no listing (remote listings carry only their
 * country), yet job_listings_place_keys answers the city's on-site listings, each of which a search then read from
 * the table only to find it is not remote (~8,000 at 1M listings). Over remote listings alone, the city's bitmap is
 * empty and the search ends there.
 */
export class SearchRemotePlaces1796100000000 implements MigrationInterface {
  name = 'SearchRemotePlaces1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "job_listings_remote_place_keys" ON "job_listings" USING gin ("place_keys") WHERE "is_remote"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."job_listings_remote_place_keys"`);
  }
}
