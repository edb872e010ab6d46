import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The filter cell of a listing (FILTER_CELL in modules/jobs/search/search-filters.ts, which numbers the cells a search
 * reads alike): employment type, work arrangement, job level, and the band of 25,000 dollars that the top of its annual
 * salary range falls in (0: no salary; the 13th band is open-ended). Written out, as a migration is.
 */
const FILTER_CELL = `(((CASE employment_type WHEN 'FULLTIME' THEN 1 WHEN 'PARTTIME' THEN 2 WHEN 'CONTRACTOR' THEN 3 WHEN 'INTERN' THEN 4 WHEN 'TEMPORARY' THEN 5 ELSE 0 END) * 4
    + (CASE work_arrangement WHEN 'remote' THEN 1 WHEN 'hybrid' THEN 2 WHEN 'onsite' THEN 3 ELSE 0 END)) * 7
    + (CASE job_level WHEN 'intern' THEN 1 WHEN 'entry' THEN 2 WHEN 'mid' THEN 3 WHEN 'senior' THEN 4 WHEN 'lead' THEN 5 WHEN 'executive' THEN 6 ELSE 0 END)) * 14
    + (CASE WHEN coalesce(salary_max, salary_min) IS NULL THEN 0 ELSE 1 + least(greatest(coalesce(salary_max, salary_min), 0) / 25000, 12) END)`;
/** What a search's filters test besides the cell (search-filters.ts), but for places, titles, companies and benefits. */
const FILTER_INCLUDES =
  '"employment_type", "work_arrangement", "job_level", "annual_salary_min", "annual_salary_max", "is_remote", "country", "language", "visa_sponsorship", "security_clearance", "apply_is_direct", "can_apply", "experience_years", "source", "republish_count", "first_seen_at"';

/**
 * Searches without text (most carry a filter or two: a type, a salary, a date) read the newest-first index, which
 * passes every listing of their `datePosted` window to find the few that pass: a count of a week's listings at a
 * million passed ~200,000 entries (~150 ms) for a total of a few thousand. This index orders the listings by filter
 * cell, then newest first, and includes what the other filters test: the listings of the cells a search's filters
 * allow are read one range per cell, within the window, from the index alone.
 */
export class ListingFilterCells1797800000000 implements MigrationInterface {
  name = 'ListingFilterCells1797800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION listing_filter_cell(employment_type text, work_arrangement text, job_level text, salary_min integer, salary_max integer)
         RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${FILTER_CELL} $$`,
    );
    await queryRunner.query(
      `CREATE INDEX "job_listings_filter_cells" ON "job_listings"
         (listing_filter_cell("employment_type", "work_arrangement", "job_level", "annual_salary_min", "annual_salary_max"), "posted_at" DESC, "id" DESC)
         INCLUDE (${FILTER_INCLUDES})`,
    );
    // The planner's share of each cell (statistics of an index's expression), for the plan that reads the index.
    await queryRunner.query(`ANALYZE "job_listings"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "job_listings_filter_cells"`);
    await queryRunner.query(`DROP FUNCTION listing_filter_cell(text, text, text, integer, integer)`);
  }
}
