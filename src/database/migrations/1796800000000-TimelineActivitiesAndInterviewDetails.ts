import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Activities (notes, emails, calls …) share the timeline table with status changes, so that both take their place
 * from one `sequence`; an activity is told apart by its `type` and `occurred_at`, which a status change lacks (the
 * check keeps the two together). The partial index serves an application's activity list, ordered by when each
 * happened. Interviews gain where and how they take place, and for how long.
 */
export class TimelineActivitiesAndInterviewDetails1796800000000 implements MigrationInterface {
  name = 'TimelineActivitiesAndInterviewDetails1796800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" ADD "type" text`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" ADD "occurred_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "application_timeline_entries" ADD CONSTRAINT "timeline_entries_activity_occurred" CHECK ((type IS NULL) = (occurred_at IS NULL))`,
    );
    await queryRunner.query(
      `CREATE INDEX "timeline_entries_application_occurred" ON "application_timeline_entries" ("application_id", "occurred_at") WHERE type IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "interviews" ADD "location" text`);
    await queryRunner.query(`ALTER TABLE "interviews" ADD "meeting_url" text`);
    await queryRunner.query(`ALTER TABLE "interviews" ADD "duration_minutes" smallint`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "interviews" DROP COLUMN "duration_minutes"`);
    await queryRunner.query(`ALTER TABLE "interviews" DROP COLUMN "meeting_url"`);
    await queryRunner.query(`ALTER TABLE "interviews" DROP COLUMN "location"`);
    await queryRunner.query(`DROP INDEX "public"."timeline_entries_application_occurred"`);
    await queryRunner.query(`DELETE FROM "application_timeline_entries" WHERE type IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" DROP CONSTRAINT "timeline_entries_activity_occurred"`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" DROP COLUMN "occurred_at"`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" DROP COLUMN "type"`);
  }
}
