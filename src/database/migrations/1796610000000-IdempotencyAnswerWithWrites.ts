import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A key's record is now written whole, with its answer, in the transaction of the request that produced it, and a
 * key is held by an advisory lock while that request runs: the claim columns go, and the answer is never missing.
 * Records without an answer were claims of the former scheme; a claim of a request still running when this
 * migration runs is dropped with them, and that request's own answer is then not kept.
 */
export class IdempotencyAnswerWithWrites1796610000000 implements MigrationInterface {
  name = 'IdempotencyAnswerWithWrites1796610000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "idempotency_keys" WHERE "status" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys"
         DROP COLUMN "claim",
         DROP COLUMN "locked_until",
         ALTER COLUMN "status" SET NOT NULL,
         ALTER COLUMN "headers" SET NOT NULL,
         ALTER COLUMN "body" SET NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "idempotency_keys"
         ADD COLUMN "claim" uuid NOT NULL DEFAULT gen_random_uuid(),
         ADD COLUMN "locked_until" TIMESTAMP WITH TIME ZONE,
         ALTER COLUMN "status" DROP NOT NULL,
         ALTER COLUMN "headers" DROP NOT NULL,
         ALTER COLUMN "body" DROP NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "idempotency_keys" ALTER COLUMN "claim" DROP DEFAULT`);
  }
}
