import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders an application's timeline by when each status change really happened. `created_at` defaulted to `now()`,
 * the start of the transaction: of two concurrent changes, the one that started first but waited for the row lock
 * committed last yet looked older, so the newest entry could disagree with the status. Entries now get `sequence`, an
 * identity drawn at the insert, which runs under the application's row lock, and `created_at` is the insert's own
 * time (`clock_timestamp()`). Existing entries are numbered in their old order, while writes to them wait.
 */
export class TimelineCommitOrder1796600000000 implements MigrationInterface {
  name = 'TimelineCommitOrder1796600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "application_timeline_entries" IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" ADD "sequence" bigint`);
    await queryRunner.query(
      `UPDATE "application_timeline_entries" AS entry SET "sequence" = numbered.n
         FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "application_timeline_entries") AS numbered
        WHERE entry.id = numbered.id`,
    );
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" ALTER COLUMN "sequence" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" ALTER COLUMN "sequence" ADD GENERATED ALWAYS AS IDENTITY`);
    await queryRunner.query(
      `SELECT setval(pg_get_serial_sequence('application_timeline_entries', 'sequence'), max("sequence")) FROM "application_timeline_entries" HAVING count(*) > 0`,
    );
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp()`);
    await queryRunner.query(`DROP INDEX "public"."timeline_entries_application_created"`);
    await queryRunner.query(`CREATE INDEX "timeline_entries_application_sequence" ON "application_timeline_entries" ("application_id", "sequence") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."timeline_entries_application_sequence"`);
    await queryRunner.query(`CREATE INDEX "timeline_entries_application_created" ON "application_timeline_entries" ("application_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" ALTER COLUMN "created_at" SET DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" DROP COLUMN "sequence"`);
  }
}
