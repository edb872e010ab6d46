import { MigrationInterface, QueryRunner } from 'typeorm';

/** A table of counts kept by statement triggers on `job_listings`: what it counts of each listing, and by what key. */
interface WordCount {
  table: string;
  /** Key columns, each `text COLLATE "C"`. */
  keys: string[];
  /** The keys a listing adds to the counts, from a row `r` of `job_listings` (a LATERAL source answering `keys`). */
  keysOf: string;
  /** The column whose change moves a listing's keys. */
  column: string;
  /** The counts of the listings already there (`keys`, listings), when faster than counting through `keysOf`. */
  backfill?: string;
}

/**
 * How many listings hold each lexeme of their search vectors, so that a search for one word without filters knows
 * its exact total from one row (modules/jobs/search/search-count.ts): counting the word's matches read a table page
 * per match, ~20 ms for a word in 2,000 listings at a million, when the table outgrows PostgreSQL's buffers.
 */
const LEXEMES: WordCount = {
  table: 'job_listing_lexemes',
  keys: ['lexeme'],
  keysOf: '(SELECT lexeme FROM unnest(tsvector_to_array(r.search_vector)) AS lexeme)',
  column: 'search_vector',
  backfill: `SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM job_listings')`,
};

/**
 * How many listings' title vectors (title and company) hold each pair of lexemes, so that a search knows at once
 * that no title holds its words together (modules/jobs/search/search-plan.ts): proving it through the title index
 * ANDed the lexemes' entries, ~15–20 ms for "engineer" (424,249 titles at a million) and "developer" (147,501).
 */
const TITLE_PAIRS: WordCount = {
  table: 'job_listing_title_pairs',
  keys: ['first', 'second'],
  keysOf: `(SELECT a AS first, b AS second FROM unnest(tsvector_to_array(r.title_vector)) AS a, unnest(tsvector_to_array(r.title_vector)) AS b
             WHERE a COLLATE "C" < b COLLATE "C")`,
  column: 'title_vector',
};

const keyList = ({ keys }: WordCount) => keys.map((key) => `"${key}"`).join(', ');

/** The signed change per key that `rows` (listings, as `r`, with a `change` of 1 or -1) make, in key order. */
function changes(count: WordCount, rows: string): string {
  return `SELECT ${keyList(count)}, sum(r.change)::int FROM (${rows}) AS r CROSS JOIN LATERAL ${count.keysOf} AS k
           GROUP BY ${keyList(count)} HAVING sum(r.change) <> 0 ORDER BY ${keyList(count)}`;
}

/** Adds the changes of `rows` to the counts, in key order so that concurrent imports lock alike and never deadlock. */
function addChanges(count: WordCount, rows: string): string {
  return `INSERT INTO "${count.table}" AS counted (${keyList(count)}, listings) ${changes(count, rows)}
          ON CONFLICT (${keyList(count)}) DO UPDATE SET listings = counted.listings + EXCLUDED.listings`;
}

/**
 * Two tables of counts of what the listings' words hold (LEXEMES, TITLE_PAIRS). Statement triggers keep them in the
 * transaction of every change to `job_listings`, whoever makes it: an import's insert or update (a re-import whose
 * text changed moves its counts), a delete, a truncate. The backfill runs while writes to `job_listings` wait, so
 * that none is counted twice or missed.
 */
export class ListingWordCounts1796500000000 implements MigrationInterface {
  name = 'ListingWordCounts1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "job_listings" IN SHARE ROW EXCLUSIVE MODE`);
    for (const count of [LEXEMES, TITLE_PAIRS]) {
      const { table, keys, column } = count;
      const name = (suffix: string) => `${table}_${suffix}`;
      await queryRunner.query(
        `CREATE TABLE "${table}" (${keys.map((key) => `"${key}" text COLLATE "C" NOT NULL`).join(', ')}, "listings" integer NOT NULL,
           CONSTRAINT "PK_${table}" PRIMARY KEY (${keys.map((key) => `"${key}"`).join(', ')}))`,
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
      // Most updates (a re-import of the same text) leave the vector as it was: only those that change it count.
      await queryRunner.query(`CREATE FUNCTION ${name('updated')}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          ${addChanges(
            count,
            `SELECT new_rows.*, 1 AS change FROM new_rows JOIN old_rows USING (id) WHERE new_rows."${column}" IS DISTINCT FROM old_rows."${column}"
             UNION ALL
             SELECT old_rows.*, -1 AS change FROM old_rows JOIN new_rows USING (id) WHERE new_rows."${column}" IS DISTINCT FROM old_rows."${column}"`,
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
      await queryRunner.query(
        `INSERT INTO "${table}" (${keyList(count)}, listings) ${count.backfill ?? changes(count, 'SELECT job_listings.*, 1 AS change FROM job_listings')}`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table } of [TITLE_PAIRS, LEXEMES]) {
      for (const event of ['truncate', 'update', 'delete', 'insert']) await queryRunner.query(`DROP TRIGGER ${table}_${event} ON "job_listings"`);
      for (const event of ['truncated', 'updated', 'deleted', 'inserted']) await queryRunner.query(`DROP FUNCTION ${table}_${event}()`);
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
