import { MigrationInterface, QueryRunner } from 'typeorm';

export class ContactsInterviewsCoverLetters1795305375896 implements MigrationInterface {
  name = 'ContactsInterviewsCoverLetters1795305375896';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contacts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "first_name" text NOT NULL, "last_name" text, "job_title" text, "company" text, "relationship" text NOT NULL DEFAULT 'OTHER', "email" text, "phone" text, "linked_in" text, "notes" text, CONSTRAINT "PK_b99cd40cfd66a99f1571f4f72e6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_85bbf0f254d76347a346a8cbb1" ON "contacts" ("account_id") `);
    await queryRunner.query(
      `CREATE TABLE "interviews" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "application_id" uuid NOT NULL, "round" smallint NOT NULL, "type" text NOT NULL, "date" TIMESTAMP WITH TIME ZONE NOT NULL, "notes" text, "contact_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fd41af1f96d698fa33c2f070f47" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_9f2544b16019b1ea86b58587ab" ON "interviews" ("contact_id") `);
    await queryRunner.query(`CREATE INDEX "interviews_application_date" ON "interviews" ("application_id", "date") `);
    await queryRunner.query(
      `CREATE TABLE "cover_letters" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "cv_id" uuid NOT NULL, "title" text NOT NULL, "content" text NOT NULL, "template_id" text, "is_default" boolean NOT NULL DEFAULT false, "variables" jsonb NOT NULL DEFAULT '{}', "show_name" boolean NOT NULL DEFAULT true, "show_email" boolean NOT NULL DEFAULT true, "show_phone" boolean NOT NULL DEFAULT true, "show_address" boolean NOT NULL DEFAULT true, "header_alignment" text NOT NULL DEFAULT 'left', "font_family" text NOT NULL DEFAULT 'Inter', "font_size" double precision NOT NULL DEFAULT '11', "line_spacing" double precision NOT NULL DEFAULT '1.6', CONSTRAINT "PK_0f231af2e38adfe3a1dc814237d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_390b9edff24edc3010fe898ef8" ON "cover_letters" ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "cover_letters_one_default_per_account" ON "cover_letters" ("account_id") WHERE is_default`);
    await queryRunner.query(`CREATE UNIQUE INDEX "cover_letters_one_per_resume" ON "cover_letters" ("cv_id") `);
    await queryRunner.query(
      `ALTER TABLE "contacts" ADD CONSTRAINT "FK_85bbf0f254d76347a346a8cbb15" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "interviews" ADD CONSTRAINT "FK_77f7078daea9f2b36e9ff761bd1" FOREIGN KEY ("application_id") REFERENCES "applications"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "interviews" ADD CONSTRAINT "FK_9f2544b16019b1ea86b58587abf" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cover_letters" ADD CONSTRAINT "FK_390b9edff24edc3010fe898ef88" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "cover_letters" ADD CONSTRAINT "FK_d43c7c7d4f9ffbfc4873c543804" FOREIGN KEY ("cv_id") REFERENCES "resumes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cover_letters" DROP CONSTRAINT "FK_d43c7c7d4f9ffbfc4873c543804"`);
    await queryRunner.query(`ALTER TABLE "cover_letters" DROP CONSTRAINT "FK_390b9edff24edc3010fe898ef88"`);
    await queryRunner.query(`ALTER TABLE "interviews" DROP CONSTRAINT "FK_9f2544b16019b1ea86b58587abf"`);
    await queryRunner.query(`ALTER TABLE "interviews" DROP CONSTRAINT "FK_77f7078daea9f2b36e9ff761bd1"`);
    await queryRunner.query(`ALTER TABLE "contacts" DROP CONSTRAINT "FK_85bbf0f254d76347a346a8cbb15"`);
    await queryRunner.query(`DROP INDEX "public"."cover_letters_one_per_resume"`);
    await queryRunner.query(`DROP INDEX "public"."cover_letters_one_default_per_account"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_390b9edff24edc3010fe898ef8"`);
    await queryRunner.query(`DROP TABLE "cover_letters"`);
    await queryRunner.query(`DROP INDEX "public"."interviews_application_date"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9f2544b16019b1ea86b58587ab"`);
    await queryRunner.query(`DROP TABLE "interviews"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_85bbf0f254d76347a346a8cbb1"`);
    await queryRunner.query(`DROP TABLE "contacts"`);
  }
}
