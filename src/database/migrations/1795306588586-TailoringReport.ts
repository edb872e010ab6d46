import { MigrationInterface, QueryRunner } from 'typeorm';

export class TailoringReport1795306588586 implements MigrationInterface {
  name = 'TailoringReport1795306588586';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" ADD "tailoring_report" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "applications" DROP COLUMN "tailoring_report"`);
  }
}
