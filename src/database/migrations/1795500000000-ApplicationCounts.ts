import { MigrationInterface, QueryRunner } from 'typeorm';

/** Adds one signed change per (account, status) to the counts, in key order so that concurrent changes lock alike. */
const ADD_DELTAS = (deltas: string) => `
  INSERT INTO application_counts AS counted (account_id, status, count)
  SELECT account_id, status, sum(delta)::int FROM (${deltas}) AS deltas
   GROUP BY account_id, status HAVING sum(delta) <> 0 ORDER BY account_id, status
  ON CONFLICT (account_id, status) DO UPDATE SET count = counted.count + EXCLUDED.count`;

/**
 * The number of applications per account and status, so that a list's `total` reads at most 13 rows however many
 * applications the account has (a `count(*)` read every one of them). Statement triggers keep it in the transaction of
 * every change to `applications`, whoever makes it: a create, a status change, a delete, a bulk insert, the cascade
 * of an account's deletion. The backfill runs while writes to `applications` wait, so that none is counted twice
 * or missed.
 */
export class ApplicationCounts1795500000000 implements MigrationInterface {
  name = 'ApplicationCounts1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "applications" IN SHARE ROW EXCLUSIVE MODE`);
    await queryRunner.query(
      `CREATE TABLE "application_counts" ("account_id" uuid NOT NULL, "status" text NOT NULL, "count" integer NOT NULL,
        CONSTRAINT "application_counts_pkey" PRIMARY KEY ("account_id", "status"),
        CONSTRAINT "application_counts_account" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE FUNCTION application_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_DELTAS('SELECT account_id, status, 1 AS delta FROM new_rows')};
        RETURN NULL;
      END $$`);
    // An account's deletion removes its counts by the foreign key; its applications' deletion must not recreate them.
    await queryRunner.query(`CREATE FUNCTION application_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_DELTAS('SELECT account_id, status, -1 AS delta FROM old_rows WHERE EXISTS (SELECT 1 FROM accounts WHERE accounts.id = old_rows.account_id)')};
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION application_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ADD_DELTAS(`SELECT new_rows.account_id, new_rows.status, 1 AS delta FROM new_rows JOIN old_rows USING (id)
                        WHERE (new_rows.account_id, new_rows.status) IS DISTINCT FROM (old_rows.account_id, old_rows.status)
                      UNION ALL
                      SELECT old_rows.account_id, old_rows.status, -1 FROM new_rows JOIN old_rows USING (id)
                        WHERE (new_rows.account_id, new_rows.status) IS DISTINCT FROM (old_rows.account_id, old_rows.status)`)};
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION application_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM application_counts;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER application_counts_insert AFTER INSERT ON "applications" REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION application_counts_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER application_counts_delete AFTER DELETE ON "applications" REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION application_counts_deleted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER application_counts_update AFTER UPDATE ON "applications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION application_counts_updated()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER application_counts_truncate AFTER TRUNCATE ON "applications" FOR EACH STATEMENT EXECUTE FUNCTION application_counts_truncated()`,
    );
    await queryRunner.query(
      `INSERT INTO application_counts (account_id, status, count) SELECT account_id, status, count(*) FROM applications GROUP BY account_id, status`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER application_counts_truncate ON "applications"`);
    await queryRunner.query(`DROP TRIGGER application_counts_update ON "applications"`);
    await queryRunner.query(`DROP TRIGGER application_counts_delete ON "applications"`);
    await queryRunner.query(`DROP TRIGGER application_counts_insert ON "applications"`);
    await queryRunner.query(`DROP FUNCTION application_counts_truncated()`);
    await queryRunner.query(`DROP FUNCTION application_counts_updated()`);
    await queryRunner.query(`DROP FUNCTION application_counts_deleted()`);
    await queryRunner.query(`DROP FUNCTION application_counts_inserted()`);
    await queryRunner.query(`DROP TABLE "application_counts"`);
  }
}
