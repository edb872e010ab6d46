import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to what a key lookup answers (a key's revocation, expiry, scopes; its account's plan and features;
 * deleting either) notifies `credentials_changed` with the account's id, whoever makes it: the service, the CLI, or
 * SQL by hand. Each service process keeps the keys it has looked up and drops an account's on that notification
 * (`api-key-cache.ts`). A TRUNCATE notifies an empty payload: drop every key.
 */
export class CredentialNotifications1796200000000 implements MigrationInterface {
  name = 'CredentialNotifications1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE FUNCTION "notify_credentials_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('credentials_changed', CASE WHEN TG_LEVEL = 'ROW' THEN to_jsonb(OLD) ->> TG_ARGV[0] ELSE '' END);
         RETURN NULL;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "api_keys_credentials_changed" AFTER UPDATE OF "revoked_at", "expires_at", "scopes", "key_hash", "account_id" OR DELETE
         ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "notify_credentials_changed"('account_id')`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "accounts_credentials_changed" AFTER UPDATE OF "plan", "features" OR DELETE
         ON "accounts" FOR EACH ROW EXECUTE FUNCTION "notify_credentials_changed"('id')`,
    );
    for (const table of ['api_keys', 'accounts']) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_credentials_truncated" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_credentials_changed"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['api_keys', 'accounts']) {
      await queryRunner.query(`DROP TRIGGER "${table}_credentials_truncated" ON "${table}"`);
    }
    await queryRunner.query(`DROP TRIGGER "accounts_credentials_changed" ON "accounts"`);
    await queryRunner.query(`DROP TRIGGER "api_keys_credentials_changed" ON "api_keys"`);
    await queryRunner.query(`DROP FUNCTION "notify_credentials_changed"()`);
  }
}
