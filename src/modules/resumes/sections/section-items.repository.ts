import { Injectable, Type } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import { DataSource, EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { NotFoundError } from '../../../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../../common/http/paging';
import type { SectionName } from '../../../common/content-sections';
import { hydrated } from '../../../database/json-columns';
import { accountIdOf, Owner, RowLock } from '../../../database/owned-repository';
import { SqlRepository } from '../../../database/sql-repository';
import { Summary } from './entities/summary.entity';
import { newestFirst, precisionColumn, SECTION_DATE_FIELDS } from './section-dates';
import type { SectionItem } from './section-item.entity';
import { SectionItemView, sectionItemView } from './section-item-view';
import { CustomSectionItem } from '../custom-sections/custom-section-item.entity';
import type { SectionSize } from '../resumes.limits';
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
   * new id each original id became. The rows are copied inside PostgreSQL, one statement per table: a long resume's
   * text never travels to the process and back.
   */
  async copyContent(fromResumeId: string, toResumeId: string): Promise<Map<string, string>> {
    const copies = new Map<string, string>();
    for (const sql of contentStatements(this.manager.connection).copies) {
      const rows: { originalId: string; copyId: string }[] = await this.manager.query(sql, [fromResumeId, toResumeId]);
      for (const { originalId, copyId } of rows) copies.set(originalId, copyId);
    }
    return copies;
  }

  /** Each section of the resume that has items, with their count and the characters of their text, in one statement. */
  sizes(resumeId: string): Promise<SectionSize[]> {
    return this.manager.query(contentStatements(this.manager.connection).sizes, [resumeId]);
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

/** Columns a copy takes over as they are; the copy gets its own id, resume, place in the default order and timestamps. */
const OWN_COLUMNS = ['id', 'resumeId', 'position', 'createdAt', 'updatedAt'];

interface ContentStatements {
  /** Per table: `$1`'s items inserted for `$2`, in their order; answers `originalId`, `copyId` for each. */
  copies: string[];
  /** `$1`'s sections as SectionSize rows. */
  sizes: string;
  /** See `sectionItemRows`; `columns[kind]` hydrates a kind's rows. */
  items: { rows: (resume: string) => string; columns: ColumnMetadata[][] };
}

let statements: ContentStatements | undefined;

/** Written once from the entities' metadata, so that a column added to a section is copied and counted without more code. */
function contentStatements(dataSource: DataSource): ContentStatements {
  if (statements) return statements;
  const tables = RESUME_CONTENT_ENTITIES.map((entity) => {
    const metadata = dataSource.getMetadata(entity);
    const kind = SECTION_KINDS.find((candidate) => candidate.entity === entity);
    // A custom section's items are a section each; the key is the one hiddenItems and sectionOrder use.
    const section = kind
      ? `'${kind.name}'`
      : `'customSection:' || ${quoted(dataSource.getMetadata(CustomSectionItem).findColumnWithPropertyName('customSectionId')!)}`;
    return { table: `"${metadata.tableName}"`, columns: metadata.columns, section };
  });
  const itemRows = (resume: string) =>
    SECTION_KINDS.map(({ entity, dates }, index) => {
      const metadata = dataSource.getMetadata(entity);
      const order = newestFirst(dates).map(([term, direction, nulls]) => [term, direction, nulls].filter(Boolean).join(' '));
      return `SELECT ${index} AS kind, row_number() OVER (ORDER BY ${order.join(', ')}) AS place, to_jsonb("item") AS item
        FROM "${metadata.tableName}" "item" WHERE "item".${quoted(metadata.findColumnWithPropertyName('resumeId')!)} = ${resume}`;
    }).join(' UNION ALL ');
  statements = {
    copies: tables.map(({ table, columns }) => {
      const copied = columns.filter((column) => !OWN_COLUMNS.includes(column.propertyName)).map(quoted);
      const [id, resumeId, position] = ['id', 'resumeId', 'position'].map((name) => quoted(columns.find((column) => column.propertyName === name)!));
      return `WITH source AS MATERIALIZED (
          SELECT ${id} AS original_id, gen_random_uuid() AS copy_id, ${position} AS original_position, ${copied.join(', ')}
          FROM ${table} WHERE ${resumeId} = $1
        ), copied AS (
          INSERT INTO ${table} (${id}, ${resumeId}, ${copied.join(', ')})
          SELECT copy_id, $2, ${copied.join(', ')} FROM source ORDER BY original_position
        )
        SELECT original_id AS "originalId", copy_id AS "copyId" FROM source`;
    }),
    sizes: `SELECT section, count(*)::int AS items, sum(characters)::int AS characters FROM (${tables
      .map(({ table, columns, section }) => {
        const resumeId = quoted(columns.find((column) => column.propertyName === 'resumeId')!);
        const lengths = columns.map(textLength).filter((length): length is string => length !== null);
        return `SELECT ${section} AS section, ${lengths.join(' + ')} AS characters FROM ${table} WHERE ${resumeId} = $1`;
      })
      .join(' UNION ALL ')}) AS items GROUP BY section`,
    items: {
      rows: itemRows,
      columns: SECTION_KINDS.map(({ entity }) => dataSource.getMetadata(entity).columns),
    },
  };
  return statements;
}

/**
 * Every item of the resume that `resume` (a placeholder, `$2`) names, from every section table at once, one row per
 * item: `kind` (its index in SECTION_KINDS), its `place` in its section's default order, and `item`, the row as JSON
 * (see `sectionItemViews`). A resume's read and each PDF export read nine tables; a round trip and a query built per
 * table cost the event loop more than the rows.
 */
export function sectionItemRows(dataSource: DataSource, resume: string): string {
  return contentStatements(dataSource).items.rows(resume);
}

/** Rows of `sectionItemRows`, ordered by kind and place, as each section's items the API answers. */
export function sectionItemViews(dataSource: DataSource, rows: { kind: number; item: Record<string, unknown> }[]): Record<SectionName, SectionItemView[]> {
  const { columns } = contentStatements(dataSource).items;
  const sections = Object.fromEntries(SECTION_KINDS.map((kind) => [kind.name, [] as SectionItemView[]])) as Record<SectionName, SectionItemView[]>;
  for (const { kind, item } of rows) {
    const { name, dates } = SECTION_KINDS[kind];
    sections[name].push(sectionItemView(hydrated<SectionItem>(columns[kind], item), dates));
  }
  return sections;
}

function quoted(column: ColumnMetadata): string {
  return `"${column.databaseName}"`;
}

/** A date's precision is the service's word for it (`month`), not text of the person's. */
const PRECISION_COLUMNS = new Set(Object.values(SECTION_DATE_FIELDS).flat().map(precisionColumn));

/** The characters of a text column (a list's items together), as the field limits count them: code points. */
function textLength(column: ColumnMetadata): string | null {
  if (column.type !== 'text' || PRECISION_COLUMNS.has(column.propertyName)) return null;
  return column.isArray ? `coalesce(char_length(array_to_string(${quoted(column)}, '')), 0)` : `coalesce(char_length(${quoted(column)}), 0)`;
}
