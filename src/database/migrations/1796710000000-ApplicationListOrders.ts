import { MigrationInterface, QueryRunner } from 'typeorm';

const SEARCH_TEXT_EXPRESSION = "search_fold(job_title || E'\\n' || company || coalesce(E'\\n' || location, ''))";

/**
 * One index per sort key of the list, within the account and with `id` last, so that a page in either direction is
 * read in order from the index, however many applications the account has. A key that may be empty (null) sorts last
 * in both directions, which one index cannot give: such a key has a second index for the descending order.
 */
const SORT_INDEXES: [name: string, columns: string][] = [
  ['applications_account_updated', '"account_id", "updated_at", "id"'],
  ['applications_account_company', '"account_id", search_fold("company"), "id"'],
  ['applications_account_applied', '"account_id", "applied_date", "id"'],
  ['applications_account_applied_desc', '"account_id", "applied_date" DESC NULLS LAST, "id" DESC'],
  ['applications_account_priority', '"account_id", "priority", "id"'],
  ['applications_account_priority_desc', '"account_id", "priority" DESC NULLS LAST, "id" DESC'],
  ['applications_account_follow_up', '"account_id", "follow_up_at", "id"'],
  ['applications_account_follow_up_desc', '"account_id", "follow_up_at" DESC NULLS LAST, "id" DESC'],
];

/**
 * What the list needs to sort and search applications.
 *
 * `q` finds applications by title, company or location whatever the case and accents (`zurich` finds `Zürich`):
 * `search_fold` lowercases a text and strips its accents with the unaccent extension. unaccent() itself is only
 * STABLE (its dictionary could be changed), so a generated column or an index cannot call it; the wrapper names the
 * dictionary and is declared IMMUTABLE, the usual way to index it. `search_text` holds the folded title, company and
 * location, stored, so that a search folds nothing per row, with a trigram index for the `LIKE '%…%'` it is matched
 * by. `company` sorts by its folded text too, so that `acme` and `Émile` sort among `Acme` and `Zeta`.
 */
export class ApplicationListOrders1796710000000 implements MigrationInterface {
  name = 'ApplicationListOrders1796710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await queryRunner.query(
      `CREATE FUNCTION search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
         SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1))
       $$`,
    );
    await queryRunner.query(
      `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value") VALUES (current_database(), $1, $2, $3, $4, $5)`,
      ['public', 'applications', 'GENERATED_COLUMN', 'search_text', SEARCH_TEXT_EXPRESSION],
    );
    await queryRunner.query(`ALTER TABLE "applications" ADD "search_text" text GENERATED ALWAYS AS (${SEARCH_TEXT_EXPRESSION}) STORED NOT NULL`);
    await queryRunner.query(`CREATE INDEX "applications_search_text" ON "applications" USING gin ("search_text" gin_trgm_ops)`);
    for (const [name, columns] of SORT_INDEXES) await queryRunner.query(`CREATE INDEX "${name}" ON "applications" (${columns})`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...SORT_INDEXES].reverse()) await queryRunner.query(`DROP INDEX "public"."${name}"`);
    await queryRunner.query(`DROP INDEX "public"."applications_search_text"`);
    await queryRunner.query(`ALTER TABLE "applications" DROP COLUMN "search_text"`);
    await queryRunner.query(
      `DELETE FROM "typeorm_metadata" WHERE "type" = $1 AND "name" = $2 AND "database" = current_database() AND "schema" = $3 AND "table" = $4`,
      ['GENERATED_COLUMN', 'search_text', 'public', 'applications'],
    );
    await queryRunner.query(`DROP FUNCTION search_fold(text)`);
  }
}
