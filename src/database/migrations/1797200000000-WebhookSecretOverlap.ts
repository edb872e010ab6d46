import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rotated webhook secret keeps signing until its overlap ends (`previous_secret_expires_at`), beside the new one,
 * so that a receiver can move to the new secret without missing deliveries.
 */
export class WebhookSecretOverlap1797200000000 implements MigrationInterface {
  name = 'WebhookSecretOverlap1797200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD "previous_secret" text`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "previous_secret_expires_at"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "previous_secret"`);
  }
}
