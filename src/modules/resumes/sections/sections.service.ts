import { randomUUID } from 'node:crypto';
import { Injectable, Type } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { DataSource, EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { NotFoundError } from '../../../common/errors/api-errors';
import { ResumeErrorCode, ResumeException } from '../resumes.exception';
import { assertPeriod, changesPeriod, Period } from '../../../common/validation/period';
import { ListEnvelope, listEnvelope } from '../../../common/http/paging';
import { Resume } from '../entities/resume.entity';
import { lockAccount } from '../../../database/owned-repository';
import { forgetReferences } from '../resume-references';
import type { SectionListQuery } from './dto/section-item.dto';
import { RESUME_CONTENT_ENTITIES, SECTION_KINDS, SectionStore } from './section-kinds';
import type { SectionName } from '../../../common/section-names';
import type { SectionItem } from './section-item.entity';

/**
 * A store, or how to find one inside the request's transaction: a custom section's items depend on its definition,
 * which a write locks so that the definition cannot change or go while the item is written.
 */
export type StoreSource = SectionStore | ((manager: EntityManager) => Promise<SectionStore>);

/** A section item as the API answers it. */
export type SectionItemView = { id: string } & Record<string, unknown>;

/** Storage columns are never shown, and an ongoing period has no end date (endDate is null while isCurrent). */
export function sectionItemView(item: SectionItem): SectionItemView {
  const { accountId: _account, resumeId: _resume, position: _position, ...view } = item as SectionItem & { isCurrent?: boolean };
  return view.isCurrent ? { ...view, endDate: null } : view;
}

/**
 * Create, read, update, delete and list for every kind of section item, always within one account and one resume:
 * the resume `cvId` names, or the account's default resume. Writes mark the resume updated.
 */
@Injectable()
export class SectionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(source: StoreSource, accountId: string, query: SectionListQuery): Promise<ListEnvelope<SectionItemView>> {
    const manager = this.dataSource.manager;
    const store = await storeOf(source, manager);
    const resumeId = await this.targetResume(manager, accountId, query.cvId);
    const [items, total] = await manager.findAndCount(store.entity, {
      where: this.where(store, accountId, resumeId),
      order: { position: 'ASC' },
      skip: query.offset,
      take: query.limit,
    });
    return listEnvelope(items.map(sectionItemView), total, query);
  }

  async get(source: StoreSource, accountId: string, id: string, cvId?: string): Promise<SectionItemView> {
    const manager = this.dataSource.manager;
    const store = await storeOf(source, manager);
    const resumeId = await this.targetResume(manager, accountId, cvId);
    const item = await manager.findOneBy(store.entity, { ...this.where(store, accountId, resumeId), id });
    if (!item) throw new NotFoundError();
    return sectionItemView(item);
  }

  create(source: StoreSource, accountId: string, cvId: string | undefined, body: object): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const store = await storeOf(source, manager);
      const resumeId = await this.touchTargetResume(manager, accountId, cvId);
      const { identifiers } = await manager.insert(table(store.entity), { ...columnsOf(store, body), ...this.where(store, accountId, resumeId) });
      const id = identifiers[0].id as string;
      await store.afterCreate?.(manager, resumeId, id);
      return id;
    });
  }

  /** A change of either date (or of isCurrent) is checked against the other as stored: the period must not end before it starts. */
  async update(source: StoreSource, accountId: string, id: string, cvId: string | undefined, body: object): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const store = await storeOf(source, manager);
      const resumeId = await this.touchTargetResume(manager, accountId, cvId);
      const where = { ...this.where(store, accountId, resumeId), id };
      const columns = columnsOf(store, body);
      if (changesPeriod(columns)) {
        const stored = await manager.findOne(store.entity, { where, lock: { mode: 'pessimistic_write' } });
        if (!stored) throw new NotFoundError();
        assertPeriod({ ...stored, ...columns } as Period);
      }
      const result = await manager.update(table(store.entity), where, columns);
      if (!result.affected) throw new NotFoundError();
    });
  }

  /** The item goes, and with it its id from every resume's hiddenItems and itemOrder. */
  async remove(source: StoreSource, accountId: string, id: string, cvId?: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lockAccount(manager, accountId);
      const store = await storeOf(source, manager);
      const resumeId = await this.touchTargetResume(manager, accountId, cvId);
      await store.beforeRemove?.(manager, resumeId, id);
      const result = await manager.delete(store.entity, { ...this.where(store, accountId, resumeId), id });
      if (!result.affected) throw new NotFoundError();
      await forgetReferences(manager, accountId, [id]);
    });
  }

  /** Every item of a resume's sections, per section in default order: what its resolved content is made of. */
  async itemsOf(manager: EntityManager, resumeId: string): Promise<Record<SectionName, SectionItemView[]>> {
    const sections: Partial<Record<SectionName, SectionItemView[]>> = {};
    for (const kind of SECTION_KINDS) {
      const items = await manager.find(kind.entity, { where: { resumeId }, order: { position: 'ASC' } });
      sections[kind.name] = items.map(sectionItemView);
    }
    return sections as Record<SectionName, SectionItemView[]>;
  }

  /** Adds items to a resume's section, in this order, inside the caller's transaction; answers their ids. */
  async insertItems(manager: EntityManager, accountId: string, resumeId: string, section: SectionName, bodies: object[]): Promise<string[]> {
    if (bodies.length === 0) return [];
    const kind = SECTION_KINDS.find((candidate) => candidate.name === section)!;
    const { identifiers } = await manager.insert(
      table(kind.entity),
      bodies.map((body) => ({ ...columnsOf(kind, body), accountId, resumeId })),
    );
    return identifiers.map((identifier) => identifier.id as string);
  }

  /**
   * Copies every section item of one resume into another (same account), keeping their order, and answers which new
   * id each original id became, so that the copy's references (hiddenItems, itemOrder, selectedSummaryId) can follow.
   */
  async copyContent(manager: EntityManager, fromResumeId: string, toResumeId: string): Promise<Map<string, string>> {
    const copies = new Map<string, string>();
    for (const entity of RESUME_CONTENT_ENTITIES) {
      const items = await manager.find(entity, { where: { resumeId: fromResumeId }, order: { position: 'ASC' } });
      if (items.length === 0) continue;
      const rows = items.map(({ id, position: _position, createdAt: _created, updatedAt: _updated, ...columns }) => {
        const copyId = randomUUID();
        copies.set(id, copyId);
        return { ...columns, id: copyId, resumeId: toResumeId };
      });
      await manager.insert(table(entity), rows);
    }
    return copies;
  }

  private where(store: SectionStore, accountId: string, resumeId: string): FindOptionsWhere<SectionItem> {
    return { ...store.scope, accountId, resumeId };
  }

  /** The id of the resume a read acts on. */
  private async targetResume(manager: EntityManager, accountId: string, cvId: string | undefined): Promise<string> {
    const resume = await manager.findOne(Resume, { select: { id: true }, where: resumeSelector(accountId, cvId) });
    if (!resume) throw missingResume(cvId);
    return resume.id;
  }

  /**
   * The id of the resume a write acts on, found, locked against deletion and marked updated in one statement: a
   * concurrent delete of the resume waits for this write instead of orphaning it.
   */
  private async touchTargetResume(manager: EntityManager, accountId: string, cvId: string | undefined): Promise<string> {
    const result = await manager
      .createQueryBuilder()
      .update(Resume)
      .set({ updatedAt: () => 'now()' })
      .where(resumeSelector(accountId, cvId))
      .returning(['id'])
      .execute();
    const resumeId: string | undefined = result.raw[0]?.id;
    if (!resumeId) throw missingResume(cvId);
    return resumeId;
  }
}

/** Section tables differ in their columns; writes take whatever columns the store makes of the body. */
function table(entity: Type<SectionItem>): EntityTarget<ObjectLiteral> {
  return entity;
}

function storeOf(source: StoreSource, manager: EntityManager): Promise<SectionStore> {
  return typeof source === 'function' ? source(manager) : Promise.resolve(source);
}

function columnsOf(store: SectionStore, body: object): object {
  return store.toColumns ? store.toColumns(body) : body;
}

function resumeSelector(accountId: string, cvId: string | undefined): FindOptionsWhere<Resume> {
  if (cvId === undefined) return { accountId, isDefault: true };
  // A malformed id names no resume (and PostgreSQL would reject it as a uuid).
  if (!isUUID(cvId)) throw new NotFoundError();
  return { accountId, id: cvId };
}

function missingResume(cvId: string | undefined): Error {
  if (cvId !== undefined) return new NotFoundError();
  return new ResumeException(ResumeErrorCode.NO_DEFAULT_RESUME, 'The account has no default resume: create a resume, or name one with cvId');
}
