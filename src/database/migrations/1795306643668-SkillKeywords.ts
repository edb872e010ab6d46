import { MigrationInterface, QueryRunner } from 'typeorm';

export class SkillKeywords1795306643668 implements MigrationInterface {
  name = 'SkillKeywords1795306643668';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "skills" ADD "keywords" text array NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "skills" DROP COLUMN "keywords"`);
  }
}
