import { randomUUID } from 'node:crypto';
import { Injectable, Type } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { NotFoundError } from '../../../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../../common/http/paging';
import type { SectionName } from '../../../common/section-names';
import { accountIdOf, Owner, RowLock, SqlRepository } from '../../../database/owned-repository';
import { Summary } from './entities/summary.entity';
import { newestFirst } from './section-dates';
import type { SectionItem } from './section-item.entity';
import { SectionItemView, sectionItemView } from './section-item-view';
import { RESUME_CONTENT_ENTITIES, SECTION_KINDS, SectionStore } from './section-kinds';

/**
 * The items of every section table, always within one account and one resume: a store names the table (and, for a
 * custom section, its rows of the table). An id that is no uuid names no item.
 */
@Injectable()
export class SectionItemsRepository extends SqlRepository {
  constructor(@InjectEntityManager() manager: EntityManager) {
    super(manager);
  }

  /** One page of the resume's items of `store`, in their default order. */
  async list(store: SectionStore, owner: Owner, resumeId: string, paging: PagingQuery): Promise<ListEnvelope<SectionItemView>> {
    const [items, total] = await this.inDefaultOrder(store, where(store, owner, resumeId))
      .offset(paging.offset)
      .limit(paging.limit)
      .getManyAndCount();
    return listEnvelope(
      items.map((item) => sectionItemView(item, store.dates)),
      total,
      paging,
    );
  }

  /** The resume's item `id` of `store`; NotFoundError otherwise. */
  async require(store: SectionStore, owner: Owner, resumeId: string, id: string, lock?: RowLock): Promise<SectionItem> {
    const item = isUUID(id) && (await this.manager.findOne(store.entity, { where: { ...where(store, owner, resumeId), id }, lock: lock && { mode: lock } }));
    if (!item) throw new NotFoundError();
    return item;
  }

  /** Adds an item of `store` to the resume; answers its id. */
  async create(store: SectionStore, owner: Owner, resumeId: string, columns: object): Promise<string> {
    const { identifiers } = await this.manager.insert(table(store.entity), { ...columns, ...where(store, owner, resumeId) });
    return identifiers[0].id as string;
  }

  /** Changes the resume's item `id` of `store`; NotFoundError when there is none. */
  async update(store: SectionStore, owner: Owner, resumeId: string, id: string, columns: object): Promise<void> {
    if (!isUUID(id)) throw new NotFoundError();
    const { affected } = await this.manager.update(table(store.entity), { ...where(store, owner, resumeId), id }, columns);
    if (!affected) throw new NotFoundError();
  }

  /** Deletes the resume's item `id` of `store`; NotFoundError when there is none. */
  async remove(store: SectionStore, owner: Owner, resumeId: string, id: string): Promise<void> {
    if (!isUUID(id)) throw new NotFoundError();
    const { affected } = await this.manager.delete(store.entity, { ...where(store, owner, resumeId), id });
    if (!affected) throw new NotFoundError();
  }

  /** Every item of a resume's sections, per section in its default order. */
  async itemsOf(resumeId: string): Promise<Record<SectionName, SectionItemView[]>> {
    const sections: Partial<Record<SectionName, SectionItemView[]>> = {};
    for (const kind of SECTION_KINDS) {
      const items = await this.inDefaultOrder(kind, { resumeId }).getMany();
      sections[kind.name] = items.map((item) => sectionItemView(item, kind.dates));
    }
    return sections as Record<SectionName, SectionItemView[]>;
  }

  /** Adds rows to a resume's store, in this order; answers their ids. */
  async insertMany(store: SectionStore, owner: Owner, resumeId: string, rows: object[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const { identifiers } = await this.manager.insert(
      table(store.entity),
      rows.map((columns) => ({ ...columns, ...where(store, owner, resumeId) })),
    );
    return identifiers.map((identifier) => identifier.id as string);
  }

  /**
   * Copies every item of one resume's content into another (same account), keeping their order, and answers which
   * new id each original id became.
   */
  async copyContent(fromResumeId: string, toResumeId: string): Promise<Map<string, string>> {
    const copies = new Map<string, string>();
    for (const entity of RESUME_CONTENT_ENTITIES) {
      const items = await this.manager.find(entity, { where: { resumeId: fromResumeId }, order: { position: 'ASC' } });
      if (items.length === 0) continue;
      const rows = items.map(({ id, position: _position, createdAt: _created, updatedAt: _updated, ...columns }) => {
        const copyId = randomUUID();
        copies.set(id, copyId);
        return { ...columns, id: copyId, resumeId: toResumeId };
      });
      await this.manager.insert(table(entity), rows);
    }
    return copies;
  }

  /** The items of `store` that `conditions` picks, in the store's default order (newest first where it has dates). */
  private inDefaultOrder(store: SectionStore, conditions: FindOptionsWhere<SectionItem>): SelectQueryBuilder<SectionItem> {
    const query = this.manager.createQueryBuilder(store.entity, 'item').where(conditions);
    for (const [term, order, nulls] of newestFirst(store.dates)) query.addOrderBy(term, order, nulls);
    return query;
  }

  /** Whether `summaryId` is a summary of the resume; the row stays share-locked so that it cannot go before the commit. */
  async isSummaryOf(resumeId: string | undefined, summaryId: string): Promise<boolean> {
    if (!resumeId || !isUUID(summaryId)) return false;
    return (await this.manager.findOne(Summary, { where: { id: summaryId, resumeId }, lock: { mode: 'pessimistic_read' } })) !== null;
  }
}

function where(store: SectionStore, owner: Owner, resumeId: string): FindOptionsWhere<SectionItem> {
  return { ...store.scope, accountId: accountIdOf(owner), resumeId };
}

/** Section tables differ in their columns; writes take whatever columns the store makes of the body. */
function table(entity: Type<SectionItem>): EntityTarget<ObjectLiteral> {
  return entity;
}
