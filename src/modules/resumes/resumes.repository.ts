import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import type { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { NotFoundError } from '../../common/errors/api-errors';
import type { SectionName } from '../../common/content-sections';
import { ListEnvelope, PagingQuery } from '../../common/http/paging';
import { hydrated } from '../../database/json-columns';
import { accountIdOf, Owner, OwnedRepositoryFor, ownedView } from '../../database/owned-repository';
import { CareerProfile } from '../profile/entities/career-profile.entity';
import type { CustomSectionItem } from './custom-sections/custom-section-item.entity';
import type { CustomSection } from './custom-sections/custom-section.entity';
import { customSectionRows, customSectionsOf } from './custom-sections/custom-sections.repository';
import { ResumeListItem, ResumeView } from './dto/resume.dto';
import { Resume } from './entities/resume.entity';
import { ResumeErrorCode, ResumeException } from './resumes.exception';
import type { SectionItemView } from './sections/section-item-view';
import { sectionItemRows, sectionItemViews } from './sections/section-items.repository';

/** A resume and everything its content is made of, as one snapshot (see `ResumesRepository.snapshot`). */
export interface ResumeSnapshot {
  resume: Resume;
  /** Null only for an account without a profile, which the service never leaves. */
  profile: CareerProfile | null;
  /** Every item of each section, in default order. */
  sections: Record<SectionName, SectionItemView[]>;
  /** The account's custom sections, oldest first, with the resume's items in each. */
  customSections: { section: CustomSection; items: CustomSectionItem[] }[];
}

interface SnapshotRow {
  resume: Record<string, unknown>;
  profile: Record<string, unknown> | null;
  sections: { kind: number; item: Record<string, unknown> }[];
  customSections: { section: Record<string, unknown>; items: Record<string, unknown>[] }[];
}

/** `column` (a section key → ids object) without the ids `$2` and without the keys `$3`, ids kept in their order. */
const WITHOUT = (column: string) => `(
  SELECT coalesce(jsonb_object_agg(section.key, (
    SELECT coalesce(jsonb_agg(entry.id ORDER BY entry.n), '[]'::jsonb)
    FROM jsonb_array_elements(section.value) WITH ORDINALITY AS entry(id, n)
    WHERE NOT (entry.id #>> '{}') = ANY($2::text[])
  )), '{}'::jsonb)
  FROM jsonb_each(${column}) AS section
  WHERE NOT section.key = ANY($3::text[])
)`;

/** The account's resumes; other features reach them here, e.g. to lock the resume a new row refers to. */
@Injectable()
export class ResumesRepository extends OwnedRepositoryFor<Resume, ResumeView>(Resume, ownedView) {
  /** The default resume first, then the most recently updated; items leave out the settings and content. */
  listed(owner: Owner, paging: PagingQuery): Promise<ListEnvelope<ResumeListItem>> {
    return this.list(
      owner,
      paging,
      { isDefault: 'DESC', updatedAt: 'DESC', id: 'ASC' },
      { omit: ['cvData', 'hiddenItems', 'personalOverrides', 'itemOrder', 'selectedSummaryId', 'designSettings', 'optionalFields', 'sectionOrder'] },
    );
  }

  /**
   * The account's resume `id` with its profile, section items and custom sections, read in one statement: one
   * snapshot without a transaction of its own, where a read and each PDF export sent seven statements (two of them to
   * open a REPEATABLE READ transaction, one to end it), each a write to PostgreSQL's socket from the event loop.
   * NotFoundError when the account has no such resume.
   */
  async snapshot(owner: Owner, id: string): Promise<ResumeSnapshot> {
    if (!isUUID(id)) throw new NotFoundError();
    const dataSource = this.manager.connection;
    const { sql, resumeColumns, profileColumns } = snapshotStatement(dataSource);
    const [row] = await this.statement<SnapshotRow>(sql, [accountIdOf(owner), id], 'resume-snapshot');
    if (!row) throw new NotFoundError();
    return {
      resume: hydrated<Resume>(resumeColumns, row.resume),
      profile: row.profile && hydrated<CareerProfile>(profileColumns, row.profile),
      sections: sectionItemViews(dataSource, row.sections),
      customSections: customSectionsOf(dataSource, row.customSections),
    };
  }

  findDefault(owner: Owner): Promise<Resume | null> {
    return this.findWhere(owner, { isDefault: true });
  }

  /** Makes room for a new default; call it under the account's lock, which queues the account's promotions. */
  async unsetDefault(owner: Owner): Promise<void> {
    await this.manager.update(Resume, { accountId: accountIdOf(owner), isDefault: true }, { isDefault: false });
  }

  /** Deletes the account's resume `id` and answers whether it was the default; NotFoundError when there is none. */
  async removeAnsweringDefault(owner: Owner, id: string): Promise<boolean> {
    if (!isUUID(id)) throw new NotFoundError();
    const deleted = await this.manager
      .createQueryBuilder()
      .delete()
      .from(Resume)
      .where({ id, accountId: accountIdOf(owner) })
      .returning(['isDefault'])
      .execute();
    if (deleted.raw.length === 0) throw new NotFoundError();
    return deleted.raw[0].is_default as boolean;
  }

  /** Makes the most recently updated resume of the account the default, if it has one. */
  async promoteLatest(owner: Owner): Promise<void> {
    const next = await this.manager.findOne(Resume, {
      select: { id: true },
      where: { accountId: accountIdOf(owner) },
      order: { updatedAt: 'DESC', id: 'DESC' },
    });
    if (next) await this.manager.update(Resume, { id: next.id }, { isDefault: true });
  }

  /** The id of the resume a section read acts on: the one `cvId` names, or the default. */
  async targetId(owner: Owner, cvId: string | undefined): Promise<string> {
    const resume = await this.manager.findOne(Resume, { select: { id: true }, where: targetOf(owner, cvId) });
    if (!resume) throw missingTarget(cvId);
    return resume.id;
  }

  /**
   * The id of the resume a section write acts on, found, locked against deletion and marked updated in one
   * statement: a concurrent delete of the resume waits for this write instead of orphaning it.
   */
  async touchTarget(owner: Owner, cvId: string | undefined): Promise<string> {
    const result = await this.manager
      .createQueryBuilder()
      .update(Resume)
      .set({ updatedAt: () => 'now()' })
      .where(targetOf(owner, cvId))
      .returning(['id'])
      .execute();
    const resumeId: string | undefined = result.raw[0]?.id;
    if (!resumeId) throw missingTarget(cvId);
    return resumeId;
  }

  /**
   * A deleted item leaves no trace: its id leaves `hiddenItems` and `itemOrder` of every resume of the account, and
   * a deleted section's key (`customSection:<id>`) leaves those and `sectionOrder`. Call it in the transaction of
   * the delete, after lockAccount; only the resumes that name them are written.
   */
  async forgetReferences(owner: Owner, itemIds: string[], sectionKeys: string[] = []): Promise<void> {
    if (itemIds.length === 0 && sectionKeys.length === 0) return;
    await this.manager.query(
      `UPDATE resumes SET
         hidden_items = ${WITHOUT('hidden_items')},
         item_order = ${WITHOUT('item_order')},
         section_order = (
           SELECT coalesce(jsonb_agg(name.value ORDER BY name.n), '[]'::jsonb)
           FROM jsonb_array_elements(section_order) WITH ORDINALITY AS name(value, n)
           WHERE NOT (name.value #>> '{}') = ANY($3::text[])
         )
       WHERE account_id = $1 AND (
         jsonb_path_query_array(hidden_items, '$.*[*]') ?| $2::text[] OR jsonb_path_query_array(item_order, '$.*[*]') ?| $2::text[]
         OR hidden_items ?| $3::text[] OR item_order ?| $3::text[] OR section_order ?| $3::text[]
       )`,
      [accountIdOf(owner), itemIds, sectionKeys],
    );
  }
}

/**
 * The statement of `snapshot` ($1 the account, $2 the resume) and the columns that hydrate its rows, written from the
 * entities' metadata when first needed.
 */
let snapshotQuery: { sql: string; resumeColumns: ColumnMetadata[]; profileColumns: ColumnMetadata[] } | undefined;

function snapshotStatement(dataSource: DataSource) {
  if (snapshotQuery) return snapshotQuery;
  const [resumes, profiles] = [Resume, CareerProfile].map((entity) => dataSource.getMetadata(entity));
  const [resumeId, resumeAccount, profileAccount] = [
    resumes.findColumnWithPropertyName('id'),
    resumes.findColumnWithPropertyName('accountId'),
    profiles.findColumnWithPropertyName('accountId'),
  ].map((column) => `"${column!.databaseName}"`);
  const sql = `SELECT to_jsonb(r) AS resume,
      (SELECT to_jsonb(p) FROM "${profiles.tableName}" p WHERE p.${profileAccount} = $1) AS profile,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('kind', kind, 'item', item) ORDER BY kind, place), '[]')
       FROM (${sectionItemRows(dataSource, '$2')}) AS items) AS sections,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('section', section, 'items', items) ORDER BY place), '[]')
       FROM (${customSectionRows(dataSource, '$1', '$2')}) AS custom) AS "customSections"
    FROM "${resumes.tableName}" r
    WHERE r.${resumeId} = $2 AND r.${resumeAccount} = $1`;
  snapshotQuery = { sql, resumeColumns: resumes.columns, profileColumns: profiles.columns };
  return snapshotQuery;
}

function targetOf(owner: Owner, cvId: string | undefined) {
  const accountId = accountIdOf(owner);
  if (cvId === undefined) return { accountId, isDefault: true };
  // A malformed id names no resume (and PostgreSQL would reject it as a uuid).
  if (!isUUID(cvId)) throw new NotFoundError();
  return { accountId, id: cvId };
}

function missingTarget(cvId: string | undefined): Error {
  if (cvId !== undefined) return new NotFoundError();
  return new ResumeException(ResumeErrorCode.NO_DEFAULT_RESUME, 'The account has no default resume: create a resume, or name one with cvId');
}
