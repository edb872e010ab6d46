import type { QueryRunner } from 'typeorm';

/**
 * A table of counts of what the listings hold, by key, kept by statement triggers on `job_listings` (migrations
 * ListingWordCounts and ListingLexemePlaces). Not in migrations/: every file there is loaded as a migration.
 */
export interface ListingCount {
  table: string;
  /** Key columns and their SQL types. */
  keys: { name: string; type: string }[];
  /** The keys a listing adds to the counts, from a row `r` of `job_listings` (a LATERAL source answering `keys`). */
  keysOf: string;
  /** The columns whose change moves a listing's keys. */
  columns: string[];
  /** The counts of the listings already there (`keys`, listings), when faster than counting through `keysOf`. */
  backfill?: string;
  /**
   * Counts only the keys the table already holds, put there (and counted) by whoever chose them, and reads nothing
   * of a change while it holds none: for keys too many to count them all (a listing's runs of words).
   */
  chosen?: true;
}

const keyList = ({ keys }: ListingCount, alias = '') => keys.map(({ name }) => `${alias}"${name}"`).join(', ');

/** The signed change per key that `rows` (listings, as `r`, with a `change` of 1 or -1) make, in key order. */
function changes(count: ListingCount, rows: string): string {
  const keys = keyList(count, 'k.');
  const chosen = count.chosen ? `WHERE (${keys}) IN (SELECT ${keyList(count)} FROM "${count.table}")` : '';
  return `SELECT ${keys}, sum(r.change)::int FROM (${rows}) AS r CROSS JOIN LATERAL ${count.keysOf} AS k ${chosen}
           GROUP BY ${keys} HAVING sum(r.change) <> 0 ORDER BY ${keys}`;
}

/** Adds the changes of `rows` to the counts, in key order so that concurrent imports lock alike and never deadlock. */
function addChanges(count: ListingCount, rows: string): string {
  const add = `INSERT INTO "${count.table}" AS counted (${keyList(count)}, listings) ${changes(count, rows)}
          ON CONFLICT (${keyList(count)}) DO UPDATE SET listings = counted.listings + EXCLUDED.listings`;
  return count.chosen ? `IF EXISTS (SELECT FROM "${count.table}") THEN ${add}; END IF` : add;
}

/**
 * Creates the table of `count`, the statement triggers that keep it in the transaction of every change to
 * `job_listings`, whoever makes it (an import's insert or update, a delete, a truncate), and counts the listings
 * already there (a `chosen` count's keys come later, counted). Writes to `job_listings` wait until the migration's
 * transaction ends (searches do not), so that none is counted twice or missed.
 */
export async function createListingCount(queryRunner: QueryRunner, count: ListingCount): Promise<void> {
  await queryRunner.query(`LOCK TABLE "job_listings" IN SHARE ROW EXCLUSIVE MODE`);
  const { table, keys, columns } = count;
  const name = (suffix: string) => `${table}_${suffix}`;
  await queryRunner.query(
    `CREATE TABLE "${table}" (${keys.map((key) => `"${key.name}" ${key.type} NOT NULL`).join(', ')}, "listings" integer NOT NULL,
       CONSTRAINT "PK_${table}" PRIMARY KEY (${keyList(count)}))`,
  );
  await queryRunner.query(`CREATE FUNCTION ${name('inserted')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${addChanges(count, 'SELECT new_rows.*, 1 AS change FROM new_rows')};
      RETURN NULL;
    END $$`);
  await queryRunner.query(`CREATE FUNCTION ${name('deleted')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${addChanges(count, 'SELECT old_rows.*, -1 AS change FROM old_rows')};
      RETURN NULL;
    END $$`);
  // Most updates (a re-import of the same text) leave the counted columns as they were: only those that change them count.
  const changed = columns.map((column) => `new_rows."${column}" IS DISTINCT FROM old_rows."${column}"`).join(' OR ');
  await queryRunner.query(`CREATE FUNCTION ${name('updated')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${addChanges(
        count,
        `SELECT new_rows.*, 1 AS change FROM new_rows JOIN old_rows USING (id) WHERE ${changed}
         UNION ALL
         SELECT old_rows.*, -1 AS change FROM old_rows JOIN new_rows USING (id) WHERE ${changed}`,
      )};
      RETURN NULL;
    END $$`);
  await queryRunner.query(`CREATE FUNCTION ${name('truncated')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM "${table}";
      RETURN NULL;
    END $$`);
  await queryRunner.query(
    `CREATE TRIGGER ${name('insert')} AFTER INSERT ON "job_listings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name('inserted')}()`,
  );
  await queryRunner.query(
    `CREATE TRIGGER ${name('delete')} AFTER DELETE ON "job_listings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name('deleted')}()`,
  );
  await queryRunner.query(
    `CREATE TRIGGER ${name('update')} AFTER UPDATE ON "job_listings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
       FOR EACH STATEMENT EXECUTE FUNCTION ${name('updated')}()`,
  );
  await queryRunner.query(`CREATE TRIGGER ${name('truncate')} AFTER TRUNCATE ON "job_listings" FOR EACH STATEMENT EXECUTE FUNCTION ${name('truncated')}()`);
  if (!count.chosen)
    await queryRunner.query(
      `INSERT INTO "${table}" (${keyList(count)}, listings) ${count.backfill ?? changes(count, 'SELECT job_listings.*, 1 AS change FROM job_listings')}`,
    );
}

/** Drops what createListingCount made. */
export async function dropListingCount(queryRunner: QueryRunner, { table }: ListingCount): Promise<void> {
  for (const event of ['truncate', 'update', 'delete', 'insert']) await queryRunner.query(`DROP TRIGGER ${table}_${event} ON "job_listings"`);
  for (const event of ['truncated', 'updated', 'deleted', 'inserted']) await queryRunner.query(`DROP FUNCTION ${table}_${event}()`);
  await queryRunner.query(`DROP TABLE "${table}"`);
}
