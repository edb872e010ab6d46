import { MigrationInterface, QueryRunner } from 'typeorm';

/** When the job was posted, as its page says (saving a job from its URL fills it in). */
export class ApplicationPostedAt1797500000000 implements MigrationInterface {
  name = 'ApplicationPostedAt1797500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" ADD "posted_at" date`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" DROP COLUMN "posted_at"`);
  }
}
