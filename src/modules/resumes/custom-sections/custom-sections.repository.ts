import { Injectable } from '@nestjs/common';
import { ListEnvelope, PagingQuery } from '../../../common/http/paging';
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

  /** Every definition of the account, oldest first. */
  all(owner: Owner): Promise<CustomSection[]> {
    return this.manager.find(CustomSection, { where: { accountId: accountIdOf(owner) }, order: { createdAt: 'ASC', id: 'ASC' } });
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

  /** The items one resume has in any custom section, in default order. */
  itemsOf(resumeId: string): Promise<CustomSectionItem[]> {
    return this.manager.find(CustomSectionItem, { where: { resumeId }, order: { position: 'ASC' } });
  }
}
