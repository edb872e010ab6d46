import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statistics the planner lacks for job search's estimates (`total` above 10,000 and the choice of plan): the annual
 * salary range as the filters compute it (without them, a salary filter is guessed at a third of the listings), and
 * how the categorical filters depend on one another. They are built at the next ANALYZE.
 */
export class SearchStatistics1795600000001 implements MigrationInterface {
  name = 'SearchStatistics1795600000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE STATISTICS IF NOT EXISTS job_listings_salary_high ON (coalesce(annual_salary_max, annual_salary_min)) FROM job_listings`);
    await queryRunner.query(`CREATE STATISTICS IF NOT EXISTS job_listings_salary_low ON (coalesce(annual_salary_min, annual_salary_max)) FROM job_listings`);
    await queryRunner.query(
      `CREATE STATISTICS IF NOT EXISTS job_listings_filters (dependencies, mcv) ON employment_type, job_level, work_arrangement, is_remote, country FROM job_listings`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP STATISTICS job_listings_filters`);
    await queryRunner.query(`DROP STATISTICS job_listings_salary_low`);
    await queryRunner.query(`DROP STATISTICS job_listings_salary_high`);
  }
}
