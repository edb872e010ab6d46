import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { jsonTimestamp } from '../../../database/json-columns';
import { accountIdOf, Owner } from '../../../database/owned-repository';
import { SqlRepository } from '../../../database/sql-repository';
import { ARCHIVED_STATUSES } from '../application-status';
import type { ApplicationCsvColumn } from './application-csv-columns';

/** An exported application: each column's value, timestamps already as ISO 8601 text. */
export type ExportedApplication = Record<ApplicationCsvColumn, string | number | boolean | null>;

const PAGE_SIZE = 500;

/**
 * One page of the account's (`$1`) applications in the export's order, oldest first, after the one whose
 * `created_at` (as its full text, microseconds and all) and id are `$2` and `$3` (none: from the start). Keyset
 * paging on the index (account, created_at, id).
 */
const EXPORT_PAGE = `
  SELECT id, job_title AS "jobTitle", company, location, job_url AS "jobUrl", status, source, priority, notes,
         salary_min AS "salaryMin", salary_max AS "salaryMax", salary_period AS "salaryPeriod", salary_currency AS "salaryCurrency",
         ${jsonTimestamp('applied_date')} AS "appliedDate", to_char(deadline, 'YYYY-MM-DD') AS deadline, ${jsonTimestamp('follow_up_at')} AS "followUpAt",
         publisher, job_description AS "jobDescription", cv_id AS "cvId", cover_letter_id AS "coverLetterId", job_listing_id AS "jobListingId",
         status = ANY($4) AS "isArchived", ${jsonTimestamp('created_at')} AS "createdAt", ${jsonTimestamp('updated_at')} AS "updatedAt",
         to_char(posted_at, 'YYYY-MM-DD') AS "postedAt", created_at::text AS "pageKey"
    FROM applications
   WHERE account_id = $1 AND ($2::timestamptz IS NULL OR (created_at, id) > ($2::timestamptz, $3::uuid))
   ORDER BY created_at, id
   LIMIT ${PAGE_SIZE}`;

/** The export's reads of the account's applications (the import writes through ApplicationsRepository, as a create does). */
@Injectable()
export class ApplicationCsvRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /** Every application of the account, oldest first, read a page at a time as they are consumed. */
  async *exported(owner: Owner): AsyncGenerator<ExportedApplication> {
    let after: { pageKey: string; id: string } | undefined;
    for (;;) {
      const page = await this.statement<ExportedApplication & { pageKey: string }>(EXPORT_PAGE, [
        accountIdOf(owner),
        after?.pageKey ?? null,
        after?.id ?? null,
        ARCHIVED_STATUSES,
      ]);
      for (const { pageKey: _key, ...application } of page) yield application;
      if (page.length < PAGE_SIZE) return;
      const last = page[page.length - 1];
      after = { pageKey: last.pageKey, id: last.id as string };
    }
  }
}
