import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795304601327 implements MigrationInterface {
  name = 'Foundation1795304601327';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" citext NOT NULL, "name" text, "plan" text NOT NULL DEFAULT 'free', "features" text array NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_ee66de6cdc53993296d1ceb8aa0" UNIQUE ("email"), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "resumes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "name" text NOT NULL, "job_title" text, "template" text NOT NULL DEFAULT 'classic', "is_default" boolean NOT NULL DEFAULT false, "cv_data" jsonb NOT NULL DEFAULT '{}', "hidden_items" jsonb NOT NULL DEFAULT '{}', "personal_overrides" jsonb NOT NULL DEFAULT '{}', "item_order" jsonb NOT NULL DEFAULT '{}', "selected_summary_id" uuid, "design_settings" jsonb NOT NULL DEFAULT '{}', "optional_fields" jsonb NOT NULL DEFAULT '{}', "section_order" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_9c8677802096d6baece48429d2e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_02fca3d3a93bde8973cfe969cc" ON "resumes" ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "resumes_one_default_per_account" ON "resumes" ("account_id") WHERE is_default`);
    await queryRunner.query(
      `CREATE TABLE "applications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "job_title" text NOT NULL, "company" text NOT NULL, "location" text, "job_url" text, "job_url_key" text, "job_description" text, "status" text NOT NULL, "source" text NOT NULL DEFAULT 'Other', "priority" smallint, "notes" text, "salary_min" integer, "salary_max" integer, "salary_period" text, "applied_date" TIMESTAMP WITH TIME ZONE, "cv_id" uuid, CONSTRAINT "PK_938c0a27255637bde919591888f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_57bce166bdfc86cc45b553898e" ON "applications" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "applications_account_created" ON "applications" ("account_id", "created_at", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "applications_account_job_url" ON "applications" ("account_id", "job_url_key") WHERE job_url_key IS NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE "application_timeline_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "application_id" uuid NOT NULL, "status" text NOT NULL, "description" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e824970fa84f7e431053eaafd0" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "timeline_entries_application_created" ON "application_timeline_entries" ("application_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "career_profiles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "full_name" text, "email" text, "phone" text, "address" text, "links" jsonb NOT NULL DEFAULT '[]', "photo_url" text, "job_title" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "REL_9541c648a0c24d4f7b628b33ca" UNIQUE ("account_id"), CONSTRAINT "PK_46df357ae46b2e66524657a7cb9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "api_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "name" text NOT NULL, "key_hash" bytea NOT NULL, "key_prefix" text NOT NULL, "scopes" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_used_at" TIMESTAMP WITH TIME ZONE, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5c8a79801b44bd27b79228e1dad" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_decaf331589778e33441b2a8d9" ON "api_keys" ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_57384430aa1959f4578046c9b8" ON "api_keys" ("key_hash") `);
    await queryRunner.query(
      `ALTER TABLE "resumes" ADD CONSTRAINT "FK_02fca3d3a93bde8973cfe969cc7" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "applications" ADD CONSTRAINT "FK_57bce166bdfc86cc45b553898e9" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "applications" ADD CONSTRAINT "FK_dc56541877aa49408cdf38a7359" FOREIGN KEY ("cv_id") REFERENCES "resumes"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "application_timeline_entries" ADD CONSTRAINT "FK_097304d77a1c19f73d0ebe13c35" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "career_profiles" ADD CONSTRAINT "FK_9541c648a0c24d4f7b628b33cad" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "FK_decaf331589778e33441b2a8d9e" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_keys" DROP CONSTRAINT "FK_decaf331589778e33441b2a8d9e"`);
    await queryRunner.query(`ALTER TABLE "career_profiles" DROP CONSTRAINT "FK_9541c648a0c24d4f7b628b33cad"`);
    await queryRunner.query(`ALTER TABLE "application_timeline_entries" DROP CONSTRAINT "FK_097304d77a1c19f73d0ebe13c35"`);
    await queryRunner.query(`ALTER TABLE "applications" DROP CONSTRAINT "FK_dc56541877aa49408cdf38a7359"`);
    await queryRunner.query(`ALTER TABLE "applications" DROP CONSTRAINT "FK_57bce166bdfc86cc45b553898e9"`);
    await queryRunner.query(`ALTER TABLE "resumes" DROP CONSTRAINT "FK_02fca3d3a93bde8973cfe969cc7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_57384430aa1959f4578046c9b8"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_decaf331589778e33441b2a8d9"`);
    await queryRunner.query(`DROP TABLE "api_keys"`);
    await queryRunner.query(`DROP TABLE "career_profiles"`);
    await queryRunner.query(`DROP INDEX "public"."timeline_entries_application_created"`);
    await queryRunner.query(`DROP TABLE "application_timeline_entries"`);
    await queryRunner.query(`DROP INDEX "public"."applications_account_job_url"`);
    await queryRunner.query(`DROP INDEX "public"."applications_account_created"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_57bce166bdfc86cc45b553898e"`);
    await queryRunner.query(`DROP TABLE "applications"`);
    await queryRunner.query(`DROP INDEX "public"."resumes_one_default_per_account"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_02fca3d3a93bde8973cfe969cc"`);
    await queryRunner.query(`DROP TABLE "resumes"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
  }
}
