import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether an application's tailoring is still to run, made explicit: until now it was read from `status =
 * 'preparing'`, which a person can also set by hand. Applications waiting today are those in `preparing` with a
 * resume copy and no report yet.
 */
export class ApplicationTailoringPending1795400000000 implements MigrationInterface {
  name = 'ApplicationTailoringPending1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" ADD "tailoring_pending" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `UPDATE "applications" SET "tailoring_pending" = true WHERE "status" = 'preparing' AND "cv_id" IS NOT NULL AND "tailoring_report" IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX "applications_tailoring_pending" ON "applications" ("updated_at") WHERE tailoring_pending`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."applications_tailoring_pending"`);
    await queryRunner.query(`ALTER TABLE "applications" DROP COLUMN "tailoring_pending"`);
  }
}
