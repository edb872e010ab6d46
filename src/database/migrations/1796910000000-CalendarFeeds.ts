import { MigrationInterface, QueryRunner } from 'typeorm';

/** One calendar feed per account, found by the SHA-256 of its secret token (the token itself is never stored). */
export class CalendarFeeds1796910000000 implements MigrationInterface {
  name = 'CalendarFeeds1796910000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "calendar_feeds" ("account_id" uuid NOT NULL, "token_hash" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_calendar_feeds" PRIMARY KEY ("account_id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "calendar_feeds_token_hash" ON "calendar_feeds" ("token_hash")`);
    await queryRunner.query(
      `ALTER TABLE "calendar_feeds" ADD CONSTRAINT "FK_calendar_feeds_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "calendar_feeds"`);
  }
}
