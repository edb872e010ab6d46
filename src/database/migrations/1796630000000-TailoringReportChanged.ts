import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tailoring report says whether the copy was changed and which title the job suggests (tailoring no longer
 * replaces the resume's own). Reports written before applied their plan and set the job's title: they say so.
 */
export class TailoringReportChanged1796630000000 implements MigrationInterface {
  name = 'TailoringReportChanged1796630000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "applications" SET "tailoring_report" = "tailoring_report" || jsonb_build_object('changed', true, 'suggestedJobTitle', "job_title")
       WHERE "tailoring_report" IS NOT NULL AND NOT "tailoring_report" ? 'changed'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "applications" SET "tailoring_report" = "tailoring_report" - 'changed' - 'suggestedJobTitle' WHERE "tailoring_report" IS NOT NULL`,
    );
  }
}
