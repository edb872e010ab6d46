import { MigrationInterface, QueryRunner } from 'typeorm';

export class ApplicationPublisher1795311480789 implements MigrationInterface {
  name = 'ApplicationPublisher1795311480789';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" ADD "publisher" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" DROP COLUMN "publisher"`);
  }
}
