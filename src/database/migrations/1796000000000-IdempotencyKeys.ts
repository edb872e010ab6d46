import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first answer to each Idempotency-Key, per account, for 24 hours. The primary key (account, key) is what lets
 * exactly one of several concurrent requests claim a key. No foreign key to the account: a claim then touches no
 * other table (it never waits on the account's row locks), and a deleted account's records are unreachable and go
 * with the sweep of expired ones.
 */
export class IdempotencyKeys1796000000000 implements MigrationInterface {
  name = 'IdempotencyKeys1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_keys" (
        "account_id" uuid NOT NULL,
        "key" text NOT NULL,
        "request_hash" text NOT NULL,
        "claim" uuid NOT NULL,
        "locked_until" TIMESTAMP WITH TIME ZONE,
        "status" smallint,
        "headers" jsonb,
        "body" bytea,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_idempotency_keys" PRIMARY KEY ("account_id", "key")
      )`,
    );
    await queryRunner.query(`CREATE INDEX "idempotency_keys_expires_at" ON "idempotency_keys" ("expires_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "idempotency_keys"`);
  }
}
