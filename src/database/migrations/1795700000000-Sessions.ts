import { MigrationInterface, QueryRunner } from 'typeorm';

/** People sign in: an account may have a password (Argon2id), and browser sessions are kept server-side, by token hash. */
export class Sessions1795700000000 implements MigrationInterface {
  name = 'Sessions1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "token_hash" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_da0cf19646ff5c6e3c0284468e" ON "sessions" ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_abaa9e068cdd390bc5210f7988" ON "sessions" ("token_hash") `);
    await queryRunner.query(`ALTER TABLE "accounts" ADD "password_hash" text`);
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "FK_da0cf19646ff5c6e3c0284468e5" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "FK_da0cf19646ff5c6e3c0284468e5"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "password_hash"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_abaa9e068cdd390bc5210f7988"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_da0cf19646ff5c6e3c0284468e"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
  }
}
