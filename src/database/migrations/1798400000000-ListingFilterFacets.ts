import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A listing's filter facets (FILTER_FACETS in modules/jobs/search/search-filters.ts, which numbers a search's alike):
 * its employment type, work arrangement and job level, remote work, visa sponsorship, and the band of 10,000 dollars
 * the top of its annual salary range falls in (none without a salary; the 31st band is open-ended). Written out, as a
 * migration is, and simple enough for the planner to inline where it tests a listing without the index.
 */
const FILTER_FACETS = `array_remove(ARRAY[
    10 + array_position(ARRAY['FULLTIME', 'PARTTIME', 'CONTRACTOR', 'INTERN', 'TEMPORARY'], employment_type),
    20 + array_position(ARRAY['remote', 'hybrid', 'onsite'], work_arrangement),
    30 + array_position(ARRAY['intern', 'entry', 'mid', 'senior', 'lead', 'executive'], job_level),
    CASE WHEN is_remote THEN 40 END,
    CASE WHEN visa_sponsorship THEN 41 END,
    CASE WHEN coalesce(salary_max, salary_min) IS NOT NULL THEN 100 + least(greatest(coalesce(salary_max, salary_min), 0) / 10000, 30) END
  ], NULL)`;

/**
 * A common word with filters its listings rarely meet ("senior", mid level, a salary of 120,000 or more: none of
 * 140,230) was counted by reading the table page of every listing that holds the word (~340 ms at 1M, and up to 1.9 s
 * cold). The facets' GIN index gives the planner a bitmap of the filters to AND with the text's, so that only the
 * listings in both are read (~45 ms for that one: bench/RESULTS-search.md). The index took 5 s at 1M; no table rewrite.
 */
export class ListingFilterFacets1798400000000 implements MigrationInterface {
  name = 'ListingFilterFacets1798400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION listing_filter_facets(employment_type text, work_arrangement text, job_level text, salary_min integer, salary_max integer,
                                             is_remote boolean, visa_sponsorship boolean)
         RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${FILTER_FACETS} $$`,
    );
    await queryRunner.query(
      `CREATE INDEX "job_listings_filter_facets" ON "job_listings" USING gin
         (listing_filter_facets("employment_type", "work_arrangement", "job_level", "annual_salary_min", "annual_salary_max", "is_remote", "visa_sponsorship"))`,
    );
    // The planner's share of each facet (statistics of an index's expression), for the plan that ANDs the index.
    await queryRunner.query(`ANALYZE "job_listings"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "job_listings_filter_facets"`);
    await queryRunner.query(`DROP FUNCTION listing_filter_facets(text, text, text, integer, integer, boolean, boolean)`);
  }
}
