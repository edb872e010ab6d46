import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * OAuth 2.1 for `/mcp`: registered clients, authorizations (the request, the person's answer and its one-time
 * code), grants (what a person approved for a client) and the tokens issued under a grant. Codes and tokens are
 * kept only as SHA-256 hashes.
 */
export class OAuth1795800000000 implements MigrationInterface {
  name = 'OAuth1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "oauth_clients" (
        "id" uuid NOT NULL,
        "client_name" text,
        "redirect_uris" text array NOT NULL,
        "metadata" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_oauth_clients" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "oauth_grants" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
        "client_id" uuid NOT NULL REFERENCES "oauth_clients"("id") ON DELETE CASCADE,
        "scopes" text array NOT NULL,
        "approved_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "last_used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_oauth_grants" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "oauth_grants_account" ON "oauth_grants" ("account_id")`);
    // One live grant per person and app: approving again updates it.
    await queryRunner.query(`CREATE UNIQUE INDEX "oauth_grants_active" ON "oauth_grants" ("account_id", "client_id") WHERE "revoked_at" IS NULL`);
    await queryRunner.query(
      `CREATE TABLE "oauth_authorizations" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "client_id" uuid NOT NULL REFERENCES "oauth_clients"("id") ON DELETE CASCADE,
        "redirect_uri" text NOT NULL,
        "code_challenge" text NOT NULL,
        "state" text,
        "requested_scopes" text array NOT NULL,
        "resource" text NOT NULL,
        "browser_hash" bytea NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "grant_id" uuid REFERENCES "oauth_grants"("id") ON DELETE CASCADE,
        "code_hash" bytea,
        "code_expires_at" TIMESTAMP WITH TIME ZONE,
        "used_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_oauth_authorizations" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "oauth_authorizations_code" ON "oauth_authorizations" ("code_hash")`);
    await queryRunner.query(
      `CREATE TABLE "oauth_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "grant_id" uuid NOT NULL REFERENCES "oauth_grants"("id") ON DELETE CASCADE,
        "kind" text NOT NULL CHECK ("kind" IN ('access', 'refresh')),
        "token_hash" bytea NOT NULL,
        "scopes" text array NOT NULL,
        "resource" text NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_oauth_tokens" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "oauth_tokens_hash" ON "oauth_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "oauth_tokens_grant" ON "oauth_tokens" ("grant_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "oauth_tokens"`);
    await queryRunner.query(`DROP TABLE "oauth_authorizations"`);
    await queryRunner.query(`DROP TABLE "oauth_grants"`);
    await queryRunner.query(`DROP TABLE "oauth_clients"`);
  }
}
