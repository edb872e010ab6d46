import { Injectable } from '@nestjs/common';
import type { DataSource, EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { ListEnvelope, PagingQuery } from '../../../common/http/paging';
import { hydrated } from '../../../database/json-columns';
import { accountIdOf, Owner, OwnedRepositoryFor, ownedView } from '../../../database/owned-repository';
import type { CustomItemField } from './custom-item-fields';
import { CustomSectionItem } from './custom-section-item.entity';
import type { CustomSectionView } from './custom-section.dto';
import { CustomSection } from './custom-section.entity';

/** The account's custom section definitions, and the rows of custom_section_items that follow a definition's changes. */
@Injectable()
export class CustomSectionsRepository extends OwnedRepositoryFor<CustomSection, CustomSectionView>(CustomSection, ownedView) {
  /** Oldest first. */
  definitions(owner: Owner, paging: PagingQuery): Promise<ListEnvelope<CustomSectionView>> {
    return this.list(owner, paging, { createdAt: 'ASC', id: 'ASC' });
  }

  /** The account's oldest definition titled `title` (in any case), locked until the transaction ends. */
  byTitle(owner: Owner, title: string): Promise<CustomSection | null> {
    return this.manager
      .createQueryBuilder(CustomSection, 'section')
      .setLock('pessimistic_write')
      .where('section.account_id = :accountId AND lower(section.title) = lower(:title)', { accountId: accountIdOf(owner), title })
      .orderBy('section.created_at', 'ASC')
      .getOne();
  }

  /** Clears `fields` on every item of the definition. */
  async clearItemFields(id: string, fields: CustomItemField[]): Promise<void> {
    if (fields.length === 0) return;
    await this.manager.update(CustomSectionItem, { customSectionId: id }, Object.fromEntries(fields.map((field) => [field, null])));
  }

  /** Deletes every item of the definition; answers their ids. */
  async removeItems(id: string): Promise<string[]> {
    const items = await this.manager.createQueryBuilder().delete().from(CustomSectionItem).where({ customSectionId: id }).returning(['id']).execute();
    return (items.raw as { id: string }[]).map((item) => item.id);
  }
}

/** Columns that hydrate the rows of `customSectionRows`, read from the entities' metadata when first needed. */
let columns: { section: ColumnMetadata[]; item: ColumnMetadata[] } | undefined;

/**
 * Every custom section of the account `account` (a placeholder, `$1`) names, one row per section: its `place` among
 * them (oldest first), `section` (the row as JSON) and `items`, the items the resume `resume` names has in it in
 * default order (see `customSectionsOf`).
 */
export function customSectionRows(dataSource: DataSource, account: string, resume: string): string {
  const [sections, items] = [CustomSection, CustomSectionItem].map((entity) => dataSource.getMetadata(entity));
  const column = (metadata: EntityMetadata, property: string) => `"${metadata.findColumnWithPropertyName(property)!.databaseName}"`;
  return `SELECT row_number() OVER (ORDER BY s.${column(sections, 'createdAt')}, s.${column(sections, 'id')}) AS place, to_jsonb(s) AS section,
                 coalesce((SELECT jsonb_agg(to_jsonb(i) ORDER BY i.${column(items, 'position')})
                           FROM "${items.tableName}" i
                           WHERE i.${column(items, 'customSectionId')} = s.${column(sections, 'id')} AND i.${column(items, 'resumeId')} = ${resume}), '[]') AS items
          FROM "${sections.tableName}" s
          WHERE s.${column(sections, 'accountId')} = ${account}`;
}

/** Rows of `customSectionRows`, in place order, as the definitions and their items. */
export function customSectionsOf(
  dataSource: DataSource,
  rows: { section: Record<string, unknown>; items: Record<string, unknown>[] }[],
): { section: CustomSection; items: CustomSectionItem[] }[] {
  columns ??= { section: dataSource.getMetadata(CustomSection).columns, item: dataSource.getMetadata(CustomSectionItem).columns };
  const { section: sectionColumns, item: itemColumns } = columns;
  return rows.map(({ section, items }) => ({
    section: hydrated<CustomSection>(sectionColumns, section),
    items: items.map((item) => hydrated<CustomSectionItem>(itemColumns, item)),
  }));
}
