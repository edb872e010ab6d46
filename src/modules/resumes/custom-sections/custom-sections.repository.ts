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

  /**
   * Every definition of the account, oldest first, with the items one resume has in it in default order: one
   * statement, so one snapshot without a transaction of its own, and one round trip where there were two finds.
   */
  async withItemsOf(owner: Owner, resumeId: string): Promise<{ section: CustomSection; items: CustomSectionItem[] }[]> {
    const { sql, sectionColumns, itemColumns } = withItemsStatement(this.manager.connection);
    const rows: { section: Record<string, unknown>; items: Record<string, unknown>[] }[] = await this.manager.query(sql, [accountIdOf(owner), resumeId]);
    return rows.map(({ section, items }) => ({
      section: hydrated<CustomSection>(sectionColumns, section),
      items: items.map((item) => hydrated<CustomSectionItem>(itemColumns, item)),
    }));
  }
}

/** The statement of `withItemsOf`, written from the entities' metadata when first needed. */
let withItems: { sql: string; sectionColumns: ColumnMetadata[]; itemColumns: ColumnMetadata[] } | undefined;

function withItemsStatement(dataSource: DataSource) {
  if (withItems) return withItems;
  const [sections, items] = [CustomSection, CustomSectionItem].map((entity) => dataSource.getMetadata(entity));
  const column = (metadata: EntityMetadata, property: string) => `"${metadata.findColumnWithPropertyName(property)!.databaseName}"`;
  withItems = {
    sql: `SELECT to_jsonb(s) AS section,
                 coalesce((SELECT jsonb_agg(to_jsonb(i) ORDER BY i.${column(items, 'position')})
                           FROM "${items.tableName}" i
                           WHERE i.${column(items, 'customSectionId')} = s.${column(sections, 'id')} AND i.${column(items, 'resumeId')} = $2), '[]') AS items
          FROM "${sections.tableName}" s
          WHERE s.${column(sections, 'accountId')} = $1
          ORDER BY s.${column(sections, 'createdAt')}, s.${column(sections, 'id')}`,
    sectionColumns: sections.columns,
    itemColumns: items.columns,
  };
  return withItems;
}
