import { MigrationInterface, QueryRunner } from 'typeorm';

/** Appends one signed change per (account, status) that the statement made; nothing is read or locked. */
const APPEND_DELTAS = (deltas: string) => `
  INSERT INTO application_counts (account_id, status, count)
  SELECT account_id, status, sum(delta)::int FROM (${deltas}) AS deltas GROUP BY account_id, status HAVING sum(delta) <> 0`;

const INSERTED = `SELECT account_id, status, 1 AS delta FROM new_rows`;
// An account's deletion removes its counts by the foreign key; its applications' deletion must not recreate them.
const DELETED = `SELECT account_id, status, -1 AS delta FROM old_rows WHERE EXISTS (SELECT 1 FROM accounts WHERE accounts.id = old_rows.account_id)`;
const UPDATED = `SELECT new_rows.account_id, new_rows.status, 1 AS delta FROM new_rows JOIN old_rows USING (id)
                   WHERE (new_rows.account_id, new_rows.status) IS DISTINCT FROM (old_rows.account_id, old_rows.status)
                 UNION ALL
                 SELECT old_rows.account_id, old_rows.status, -1 FROM new_rows JOIN old_rows USING (id)
                   WHERE (new_rows.account_id, new_rows.status) IS DISTINCT FROM (old_rows.account_id, old_rows.status)`;

/** The functions of ApplicationCounts1795500000000: one row per (account, status), updated in place. */
const UPSERT_DELTAS = (deltas: string) => `
  INSERT INTO application_counts AS counted (account_id, status, count)
  SELECT account_id, status, sum(delta)::int FROM (${deltas}) AS deltas
   GROUP BY account_id, status HAVING sum(delta) <> 0 ORDER BY account_id, status
  ON CONFLICT (account_id, status) DO UPDATE SET count = counted.count + EXCLUDED.count`;

/**
 * The counts become a sum of changes: each statement that changes `applications` appends its changes as rows instead
 * of updating one row per (account, status) in place. An updated row stayed locked until its transaction committed,
 * so an account's creates, status changes and deletes ran one at a time, and a create (which records its event in
 * the same statement, after its insert) could deadlock with a status change (which locks the count first and the
 * event order after). Readers sum the rows of an account (`sum(count)` over an index range); the
 * application-counts sweep folds each account's rows back into one per status.
 */
export class ApplicationCountDeltas1797900000000 implements MigrationInterface {
  name = 'ApplicationCountDeltas1797900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE application_counts DROP CONSTRAINT application_counts_pkey`);
    await queryRunner.query(`CREATE INDEX application_counts_account_status ON application_counts (account_id, status)`);
    await this.functions(queryRunner, APPEND_DELTAS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE application_counts IN EXCLUSIVE MODE`);
    await queryRunner.query(`CREATE TEMPORARY TABLE folded_counts ON COMMIT DROP AS
      SELECT account_id, status, sum(count)::int AS count FROM application_counts GROUP BY account_id, status`);
    await queryRunner.query(`DELETE FROM application_counts`);
    await queryRunner.query(`INSERT INTO application_counts SELECT * FROM folded_counts WHERE count <> 0`);
    await queryRunner.query(`DROP INDEX application_counts_account_status`);
    await queryRunner.query(`ALTER TABLE application_counts ADD CONSTRAINT application_counts_pkey PRIMARY KEY (account_id, status)`);
    await this.functions(queryRunner, UPSERT_DELTAS);
  }

  private async functions(queryRunner: QueryRunner, write: (deltas: string) => string): Promise<void> {
    for (const [name, deltas] of [
      ['application_counts_inserted', INSERTED],
      ['application_counts_deleted', DELETED],
      ['application_counts_updated', UPDATED],
    ]) {
      await queryRunner.query(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${write(deltas)};
          RETURN NULL;
        END $$`);
    }
  }
}
