import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sample (see ListingSample) holds each sampled listing's pairs of adjacent words too (see ListingWordPairs), with
 * their index, so that the estimate of a phrase's total counts the sampled listings that hold it as the search does.
 * Before, it read up to 200 sampled vectors for the share that held the phrase: ~5 ms warm, and past the count budget
 * cold, when the total fell back to the planner's estimate of its rarest word ("account executive": 109,103 for
 * 18,779 at a million listings).
 */
export class ListingSamplePairs1798300000000 implements MigrationInterface {
  name = 'ListingSamplePairs1798300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "job_listing_sample" ADD "word_pairs" bigint[]`);
    await queryRunner.query(`UPDATE "job_listing_sample" s SET "word_pairs" = l."word_pairs" FROM "job_listings" l WHERE l."id" = s."id"`);
    await queryRunner.query(`ALTER TABLE "job_listing_sample" ALTER COLUMN "word_pairs" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "job_listing_sample_word_pairs" ON "job_listing_sample" USING gin ("word_pairs")`);
    await writeSample(queryRunner);
    await queryRunner.query(`ANALYZE "job_listing_sample"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "job_listing_sample" DROP COLUMN "word_pairs"`);
    await writeSample(queryRunner);
  }
}

/**
 * The trigger function that copies a sampled listing into the sample (its trigger is ListingSample's): every column
 * the sample has, read from the catalog, so that the function and the table cannot disagree.
 */
async function writeSample(queryRunner: QueryRunner): Promise<void> {
  const rows: { name: string }[] = await queryRunner.query(
    `SELECT quote_ident(attname) AS name FROM pg_attribute WHERE attrelid = 'job_listing_sample'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
  );
  const columns = rows.map((row) => row.name);
  const assignments = columns.filter((column) => column !== 'id').map((column) => `${column} = EXCLUDED.${column}`);
  await queryRunner.query(
    `CREATE OR REPLACE FUNCTION job_listing_sample_write() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO "job_listing_sample" (${columns.join(', ')}) VALUES (${columns.map((column) => `NEW.${column}`).join(', ')})
           ON CONFLICT ("id") DO UPDATE SET ${assignments.join(', ')};
         RETURN NULL;
       END
     $$`,
  );
}
