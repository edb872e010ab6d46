import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each OAuth token names the authorization whose code started its chain, so that a replayed code revokes only the
 * tokens it gave. No foreign key: authorizations are purged a day after their code expires, long before the tokens.
 */
export class OAuthTokenAuthorization1797000000000 implements MigrationInterface {
  name = 'OAuthTokenAuthorization1797000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "oauth_tokens" ADD "authorization_id" uuid`);
    await queryRunner.query(`CREATE INDEX "oauth_tokens_authorization" ON "oauth_tokens" ("authorization_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "oauth_tokens_authorization"`);
    await queryRunner.query(`ALTER TABLE "oauth_tokens" DROP COLUMN "authorization_id"`);
  }
}
