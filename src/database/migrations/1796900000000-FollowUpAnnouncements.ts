import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which follow-up date of an application has been announced (`application.follow_up_due`): the sweep announces an
 * application whose `follow_up_at` has passed and differs from this, so a new date is announced again and one date
 * only once. The partial index holds only the applications still to announce, which the sweep reads.
 */
export class FollowUpAnnouncements1796900000000 implements MigrationInterface {
  name = 'FollowUpAnnouncements1796900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" ADD "follow_up_announced_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "applications_follow_up_unannounced" ON "applications" ("follow_up_at") WHERE follow_up_at IS NOT NULL AND follow_up_announced_at IS DISTINCT FROM follow_up_at`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."applications_follow_up_unannounced"`);
    await queryRunner.query(`ALTER TABLE "applications" DROP COLUMN "follow_up_announced_at"`);
  }
}
