import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events (the outbox that changes write in their own transaction, kept 30 days) and webhooks: endpoints, one
 * delivery per event and endpoint, and every attempt of a delivery.
 */
export class Webhooks1795900000000 implements MigrationInterface {
  name = 'Webhooks1795900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "url" text NOT NULL, "event_types" text array NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" text, "secret" text NOT NULL, "lease_token" uuid, "lease_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_4d6b730495c4aea409766707c4" ON "webhook_endpoints" ("account_id") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, "event_id" bigint NOT NULL, "status" text NOT NULL DEFAULT 'pending', "failed_attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "webhook_deliveries_endpoint_event" UNIQUE ("endpoint_id", "event_id"), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_198873590dd372c0bb12ff2a24" ON "webhook_deliveries" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_27d1ee90033bdafe0ffe8f1be6" ON "webhook_deliveries" ("event_id") `);
    await queryRunner.query(`CREATE INDEX "webhook_deliveries_pending" ON "webhook_deliveries" ("endpoint_id", "event_id") WHERE status = 'pending'`);
    await queryRunner.query(
      `CREATE TABLE "webhook_delivery_attempts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "delivery_id" uuid NOT NULL, "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "status_code" integer, "error" text, "duration_ms" integer NOT NULL, CONSTRAINT "PK_59ef9124585b56c18b98548a0c6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_647916c401c0c275df5f00c148" ON "webhook_delivery_attempts" ("delivery_id") `);
    await queryRunner.query(
      `CREATE TABLE "events" ("id" BIGSERIAL NOT NULL, "account_id" uuid NOT NULL, "type" text NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "dispatched" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "events_created_at" ON "events" ("created_at") `);
    await queryRunner.query(`CREATE INDEX "events_undispatched" ON "events" ("id") WHERE NOT dispatched`);
    await queryRunner.query(`CREATE INDEX "events_account_order" ON "events" ("account_id", "id") `);
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "FK_4d6b730495c4aea409766707c49" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_198873590dd372c0bb12ff2a248" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "FK_647916c401c0c275df5f00c148f" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "events" ADD CONSTRAINT "FK_54ec284da4b957748352c8310c8" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "events" DROP CONSTRAINT "FK_54ec284da4b957748352c8310c8"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery_attempts" DROP CONSTRAINT "FK_647916c401c0c275df5f00c148f"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_27d1ee90033bdafe0ffe8f1be6f"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_0b882c26a9b91c26e6e86b4867c"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_198873590dd372c0bb12ff2a248"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "FK_4d6b730495c4aea409766707c49"`);
    await queryRunner.query(`DROP INDEX "public"."events_account_order"`);
    await queryRunner.query(`DROP INDEX "public"."events_undispatched"`);
    await queryRunner.query(`DROP INDEX "public"."events_created_at"`);
    await queryRunner.query(`DROP TABLE "events"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_647916c401c0c275df5f00c148"`);
    await queryRunner.query(`DROP TABLE "webhook_delivery_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_deliveries_pending"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_27d1ee90033bdafe0ffe8f1be6"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_198873590dd372c0bb12ff2a24"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4d6b730495c4aea409766707c4"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
