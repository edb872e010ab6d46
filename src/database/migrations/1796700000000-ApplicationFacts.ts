import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The facts of an application beside the ones it had: the salary's currency, the deadline to apply, the cover letter
 * sent (unlinked when it is deleted, as the resume is) and when to follow up.
 */
export class ApplicationFacts1796700000000 implements MigrationInterface {
  name = 'ApplicationFacts1796700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "applications" ADD "salary_currency" text, ADD "cover_letter_id" uuid, ADD "deadline" date, ADD "follow_up_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(
      `ALTER TABLE "applications" ADD CONSTRAINT "FK_b3c9e48ebe470be0cf0803b4ffa" FOREIGN KEY ("cover_letter_id") REFERENCES "cover_letters"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // Deleting a cover letter finds the applications to unlink by this index.
    await queryRunner.query(`CREATE INDEX "applications_cover_letter" ON "applications" ("cover_letter_id") WHERE cover_letter_id IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."applications_cover_letter"`);
    await queryRunner.query(`ALTER TABLE "applications" DROP CONSTRAINT "FK_b3c9e48ebe470be0cf0803b4ffa"`);
    await queryRunner.query(
      `ALTER TABLE "applications" DROP COLUMN "follow_up_at", DROP COLUMN "deadline", DROP COLUMN "cover_letter_id", DROP COLUMN "salary_currency"`,
    );
  }
}
