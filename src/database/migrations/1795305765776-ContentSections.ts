import { MigrationInterface, QueryRunner } from 'typeorm';

export class ContentSections1795305765776 implements MigrationInterface {
  name = 'ContentSections1795305765776';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "summaries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "title" text, "content" text NOT NULL, CONSTRAINT "PK_448e2a87db98ce2a6ee8946f392" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_f0130e9b8e526ca2da1d34880d" ON "summaries" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_c66dca4885c45167f764f754cc" ON "summaries" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "skills" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "name" text NOT NULL, "category" text, "level" text, "score" smallint, CONSTRAINT "PK_0d3212120f4ecedf90864d7e298" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e3f9a63726fe3fb001d3a36449" ON "skills" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_a8aa99c78abe8ef2e284d2b5d6" ON "skills" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "publications" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "name" text NOT NULL, "publisher" text, "date" date, "url" text, "description" text, CONSTRAINT "PK_2c4e732b044e09139d2f1065fae" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_c1520bee1ece0a9f51abd5ead3" ON "publications" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_ac2e52bb47fa80ba8a95a2c990" ON "publications" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "projects" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "start_date" TIMESTAMP WITH TIME ZONE, "end_date" TIMESTAMP WITH TIME ZONE, "is_current" boolean NOT NULL DEFAULT false, "name" text NOT NULL, "organisation" text, "description" text, "url" text, CONSTRAINT "PK_6271df0a7aed1d6c0691ce6ac50" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_286f70ef51cf6ecda509d85883" ON "projects" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_e5f4ae02ed88bcd48815042fa3" ON "projects" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "interests" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "name" text NOT NULL, "keywords" text array NOT NULL DEFAULT '{}', CONSTRAINT "PK_a2dc7b6f9a8bcf9e3f9312a879d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_ae79e012a0880ea89bf1e13a88" ON "interests" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_82d53db88f5a6984693b0e1933" ON "interests" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "experiences" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "start_date" TIMESTAMP WITH TIME ZONE, "end_date" TIMESTAMP WITH TIME ZONE, "is_current" boolean NOT NULL DEFAULT false, "job_title" text NOT NULL, "company" text NOT NULL, "location" text, "description" text, "responsibilities" text array NOT NULL DEFAULT '{}', "achievements" text array NOT NULL DEFAULT '{}', CONSTRAINT "PK_884f0913a63882712ea578e7c85" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_9ec9d458fe04f8559515a25b3c" ON "experiences" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_f13bfda78d6b7426d4765143eb" ON "experiences" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "education_entries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "start_date" TIMESTAMP WITH TIME ZONE, "end_date" TIMESTAMP WITH TIME ZONE, "is_current" boolean NOT NULL DEFAULT false, "school" text NOT NULL, "degree" text NOT NULL, "field" text, "location" text, "description" text, "grade" text, "gpa" double precision, CONSTRAINT "PK_acbecc3ba49c4182e64b2fb2199" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_03331b2cb99635588f1f912c09" ON "education_entries" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_f9a05463dbe07079ea6ddde11f" ON "education_entries" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "certificates" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "name" text NOT NULL, "issuer" text, "date" date, "url" text, CONSTRAINT "PK_e4c7e31e2144300bea7d89eb165" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_b4f9ef0d8c6d523dca9334b6bc" ON "certificates" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_f58189044f728a4eff5c69f0f6" ON "certificates" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "awards" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "title" text NOT NULL, "awarder" text, "date" date, "summary" text, CONSTRAINT "PK_bc3f6adc548ff46c76c03e06377" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_d197e005e032dd2b490745ed3d" ON "awards" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_12524dd3e2206937b401e83401" ON "awards" ("resume_id", "position") `);
    await queryRunner.query(
      `CREATE TABLE "custom_sections" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "title" text NOT NULL, "enabled_fields" text array NOT NULL, CONSTRAINT "PK_218166a2414a8221ec593ba770a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5afd08a2102a8d1db967a214d5" ON "custom_sections" ("account_id") `);
    await queryRunner.query(
      `CREATE TABLE "custom_section_items" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "resume_id" uuid NOT NULL, "position" BIGSERIAL NOT NULL, "custom_section_id" uuid NOT NULL, "title" text, "subtitle" text, "organization" text, "location" text, "description" text, "start_date" text, "end_date" text, "url" text, CONSTRAINT "PK_a30c8b3b9b8ac279f5724033e9a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_b37950cba9b512d5e3555357d4" ON "custom_section_items" ("account_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_66da6f508edee495d49a07e44e" ON "custom_section_items" ("resume_id", "position") `);
    await queryRunner.query(`CREATE INDEX "IDX_8bbb021164f955eddd6a2adcc2" ON "custom_section_items" ("custom_section_id") `);
    await queryRunner.query(
      `ALTER TABLE "summaries" ADD CONSTRAINT "FK_f0130e9b8e526ca2da1d34880d5" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "summaries" ADD CONSTRAINT "FK_accb87e4b7bdd0fca066c552302" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "resumes" ADD CONSTRAINT "FK_8bb496223bbdd4793c53435de4f" FOREIGN KEY ("selected_summary_id") REFERENCES "summaries"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "skills" ADD CONSTRAINT "FK_e3f9a63726fe3fb001d3a364498" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "skills" ADD CONSTRAINT "FK_c07e7155c3433a0a6f069138c9c" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "publications" ADD CONSTRAINT "FK_c1520bee1ece0a9f51abd5ead31" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "publications" ADD CONSTRAINT "FK_742c32b4c286d0b8f150bfee8a0" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "projects" ADD CONSTRAINT "FK_286f70ef51cf6ecda509d85883d" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "projects" ADD CONSTRAINT "FK_7feb5810cdac0dd1364d51064a5" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "interests" ADD CONSTRAINT "FK_ae79e012a0880ea89bf1e13a882" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "interests" ADD CONSTRAINT "FK_98bd2a1ece19e8014194b2f52be" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "experiences" ADD CONSTRAINT "FK_9ec9d458fe04f8559515a25b3c5" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "experiences" ADD CONSTRAINT "FK_f31be3180f7de033e923eae87a7" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "education_entries" ADD CONSTRAINT "FK_03331b2cb99635588f1f912c09d" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "education_entries" ADD CONSTRAINT "FK_e4adc2694a65f3f526cb43bda19" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "certificates" ADD CONSTRAINT "FK_b4f9ef0d8c6d523dca9334b6bcf" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "certificates" ADD CONSTRAINT "FK_9be1d68d95fa1f953116732437f" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "awards" ADD CONSTRAINT "FK_d197e005e032dd2b490745ed3d6" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "awards" ADD CONSTRAINT "FK_9adc46146375f980edd2e484233" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_sections" ADD CONSTRAINT "FK_5afd08a2102a8d1db967a214d5e" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_section_items" ADD CONSTRAINT "FK_b37950cba9b512d5e3555357d4b" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_section_items" ADD CONSTRAINT "FK_e1d376cd1d84be74ec64665f1f2" FOREIGN KEY ("resume_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_section_items" ADD CONSTRAINT "FK_8bbb021164f955eddd6a2adcc2d" FOREIGN KEY ("custom_section_id") REFERENCES "custom_sections"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "custom_section_items" DROP CONSTRAINT "FK_8bbb021164f955eddd6a2adcc2d"`);
    await queryRunner.query(`ALTER TABLE "custom_section_items" DROP CONSTRAINT "FK_e1d376cd1d84be74ec64665f1f2"`);
    await queryRunner.query(`ALTER TABLE "custom_section_items" DROP CONSTRAINT "FK_b37950cba9b512d5e3555357d4b"`);
    await queryRunner.query(`ALTER TABLE "custom_sections" DROP CONSTRAINT "FK_5afd08a2102a8d1db967a214d5e"`);
    await queryRunner.query(`ALTER TABLE "awards" DROP CONSTRAINT "FK_9adc46146375f980edd2e484233"`);
    await queryRunner.query(`ALTER TABLE "awards" DROP CONSTRAINT "FK_d197e005e032dd2b490745ed3d6"`);
    await queryRunner.query(`ALTER TABLE "certificates" DROP CONSTRAINT "FK_9be1d68d95fa1f953116732437f"`);
    await queryRunner.query(`ALTER TABLE "certificates" DROP CONSTRAINT "FK_b4f9ef0d8c6d523dca9334b6bcf"`);
    await queryRunner.query(`ALTER TABLE "education_entries" DROP CONSTRAINT "FK_e4adc2694a65f3f526cb43bda19"`);
    await queryRunner.query(`ALTER TABLE "education_entries" DROP CONSTRAINT "FK_03331b2cb99635588f1f912c09d"`);
    await queryRunner.query(`ALTER TABLE "experiences" DROP CONSTRAINT "FK_f31be3180f7de033e923eae87a7"`);
    await queryRunner.query(`ALTER TABLE "experiences" DROP CONSTRAINT "FK_9ec9d458fe04f8559515a25b3c5"`);
    await queryRunner.query(`ALTER TABLE "interests" DROP CONSTRAINT "FK_98bd2a1ece19e8014194b2f52be"`);
    await queryRunner.query(`ALTER TABLE "interests" DROP CONSTRAINT "FK_ae79e012a0880ea89bf1e13a882"`);
    await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "FK_7feb5810cdac0dd1364d51064a5"`);
    await queryRunner.query(`ALTER TABLE "projects" DROP CONSTRAINT "FK_286f70ef51cf6ecda509d85883d"`);
    await queryRunner.query(`ALTER TABLE "publications" DROP CONSTRAINT "FK_742c32b4c286d0b8f150bfee8a0"`);
    await queryRunner.query(`ALTER TABLE "publications" DROP CONSTRAINT "FK_c1520bee1ece0a9f51abd5ead31"`);
    await queryRunner.query(`ALTER TABLE "skills" DROP CONSTRAINT "FK_c07e7155c3433a0a6f069138c9c"`);
    await queryRunner.query(`ALTER TABLE "skills" DROP CONSTRAINT "FK_e3f9a63726fe3fb001d3a364498"`);
    await queryRunner.query(`ALTER TABLE "resumes" DROP CONSTRAINT "FK_8bb496223bbdd4793c53435de4f"`);
    await queryRunner.query(`ALTER TABLE "summaries" DROP CONSTRAINT "FK_accb87e4b7bdd0fca066c552302"`);
    await queryRunner.query(`ALTER TABLE "summaries" DROP CONSTRAINT "FK_f0130e9b8e526ca2da1d34880d5"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8bbb021164f955eddd6a2adcc2"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_66da6f508edee495d49a07e44e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b37950cba9b512d5e3555357d4"`);
    await queryRunner.query(`DROP TABLE "custom_section_items"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5afd08a2102a8d1db967a214d5"`);
    await queryRunner.query(`DROP TABLE "custom_sections"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_12524dd3e2206937b401e83401"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d197e005e032dd2b490745ed3d"`);
    await queryRunner.query(`DROP TABLE "awards"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f58189044f728a4eff5c69f0f6"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b4f9ef0d8c6d523dca9334b6bc"`);
    await queryRunner.query(`DROP TABLE "certificates"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f9a05463dbe07079ea6ddde11f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_03331b2cb99635588f1f912c09"`);
    await queryRunner.query(`DROP TABLE "education_entries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f13bfda78d6b7426d4765143eb"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9ec9d458fe04f8559515a25b3c"`);
    await queryRunner.query(`DROP TABLE "experiences"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_82d53db88f5a6984693b0e1933"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ae79e012a0880ea89bf1e13a88"`);
    await queryRunner.query(`DROP TABLE "interests"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e5f4ae02ed88bcd48815042fa3"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_286f70ef51cf6ecda509d85883"`);
    await queryRunner.query(`DROP TABLE "projects"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ac2e52bb47fa80ba8a95a2c990"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c1520bee1ece0a9f51abd5ead3"`);
    await queryRunner.query(`DROP TABLE "publications"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a8aa99c78abe8ef2e284d2b5d6"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e3f9a63726fe3fb001d3a36449"`);
    await queryRunner.query(`DROP TABLE "skills"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c66dca4885c45167f764f754cc"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f0130e9b8e526ca2da1d34880d"`);
    await queryRunner.query(`DROP TABLE "summaries"`);
  }
}
