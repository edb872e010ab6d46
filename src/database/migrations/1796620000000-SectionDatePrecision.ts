import { MigrationInterface, QueryRunner } from 'typeorm';

/** The constraints' names, as TypeORM derives them from the entities' @Check expressions (sections/section-dates.ts). */
const CHECKS: [table: string, column: string, name: string][] = [
  ['experiences', 'start_date', 'CHK_4fe67365f41c8f7ab46107dc41'],
  ['experiences', 'end_date', 'CHK_849e0017dd79aaf56ccabeca0a'],
  ['education_entries', 'start_date', 'CHK_ae319678ac74f3e31ad87fac50'],
  ['education_entries', 'end_date', 'CHK_e40ccfa42b0d4aebbcb3345e4b'],
  ['projects', 'start_date', 'CHK_d93f4b25f85463f37478a5f68d'],
  ['projects', 'end_date', 'CHK_38b104ab4074f60513e535fd77'],
  ['certificates', 'date', 'CHK_ed9cf30638c020135c5c3d176f'],
  ['awards', 'date', 'CHK_826d0e2f29453831fc8769173d'],
  ['publications', 'date', 'CHK_16c749060be9dce7786236ddc3'],
];

/**
 * Section dates keep the precision they were sent in (`2020`, `2020-03`, `2020-03-15`, or a date-time), beside the
 * first instant or day they cover. Existing rows cannot tell which they were sent as: a period's timestamps become
 * date-times, so that they are answered exactly as before, and certificates', awards' and publications' dates, which
 * took only YYYY-MM-DD, days.
 */
export class SectionDatePrecision1796620000000 implements MigrationInterface {
  name = 'SectionDatePrecision1796620000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, name] of CHECKS) {
      const existing = column === 'date' ? 'day' : 'date-time';
      await queryRunner.query(`ALTER TABLE "${table}" ADD "${column}_precision" text`);
      await queryRunner.query(`UPDATE "${table}" SET "${column}_precision" = '${existing}' WHERE "${column}" IS NOT NULL`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" CHECK (("${column}" IS NULL AND "${column}_precision" IS NULL) OR ("${column}" IS NOT NULL AND "${column}_precision" IN ('year', 'month', 'day', 'date-time')))`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, column, name] of [...CHECKS].reverse()) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${column}_precision"`);
    }
  }
}
