import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NotFoundError } from '../../../common/errors/api-errors';
import { ListEnvelope, listEnvelope, PagingQuery } from '../../../common/http/paging';
import type { SectionListQuery } from '../sections/dto/section-item.dto';
import type { SectionStore } from '../sections/section-kinds';
import { SectionItemView, sectionItemView, SectionsService } from '../sections/sections.service';
import { CustomSectionItem } from './custom-section-item.entity';
import type { CustomItemField } from './custom-item-fields';
import { CreateCustomSectionDto, CustomSectionItemDto, CustomSectionView, UpdateCustomSectionDto } from './custom-section.dto';
import { CustomSection } from './custom-section.entity';
import { lockAccount } from '../../../database/owned-repository';
import { forgetReferences } from '../resume-references';
import { customSectionKey } from '../sections/section-names';

/** A custom section as a resume shows it: the definition and that resume's items, in default order. */
export interface CustomSectionWithItems {
  id: string;
  title: string;
  enabledFields: CustomItemField[];
  items: SectionItemView[];
}

/**
 * Custom section definitions belong to the account; their items belong to a resume and are served by the generic
 * SectionsService, with the definition as the store's scope and its enabled fields as the only columns written.
 */
@Injectable()
export class CustomSectionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sections: SectionsService,
  ) {}

  async list(accountId: string, paging: PagingQuery): Promise<ListEnvelope<CustomSectionView>> {
    const [definitions, total] = await this.dataSource.getRepository(CustomSection).findAndCount({
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: paging.offset,
      take: paging.limit,
    });
    return listEnvelope(definitions.map(definitionView), total, paging);
  }

  async get(accountId: string, id: string): Promise<CustomSectionView> {
    const definition = await this.dataSource.getRepository(CustomSection).findOneBy({ id, accountId });
    if (!definition) throw new NotFoundError();
    return definitionView(definition);
  }

  async create(accountId: string, body: CreateCustomSectionDto): Promise<string> {
    const { identifiers } = await this.dataSource.getRepository(CustomSection).insert({ ...body, accountId });
    return identifiers[0].id as string;
  }

  /** Fields a definition stops enabling are cleared on its items, so that items only ever hold enabled fields. */
  async update(accountId: string, id: string, changes: UpdateCustomSectionDto): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const definition = await this.definition(manager, accountId, id, 'pessimistic_write');
      await manager.update(CustomSection, { id }, changes);
      if (!changes.enabledFields) return;
      const dropped = definition.enabledFields.filter((field) => !changes.enabledFields?.includes(field));
      if (dropped.length === 0) return;
      await manager.update(CustomSectionItem, { customSectionId: id }, Object.fromEntries(dropped.map((field) => [field, null])));
    });
  }

  /** Its items on every resume go with it, and every resume forgets them and the section (its key). */
  async remove(accountId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lockAccount(manager, accountId);
      await this.definition(manager, accountId, id, 'pessimistic_write');
      const items = await manager.createQueryBuilder().delete().from(CustomSectionItem).where({ customSectionId: id }).returning(['id']).execute();
      await manager.delete(CustomSection, { id, accountId });
      await forgetReferences(
        manager,
        accountId,
        (items.raw as { id: string }[]).map((item) => item.id),
        [customSectionKey(id)],
      );
    });
  }

  listItems(accountId: string, sectionId: string, query: SectionListQuery): Promise<ListEnvelope<SectionItemView>> {
    return this.sections.list((manager) => this.itemStore(manager, accountId, sectionId), accountId, query);
  }

  getItem(accountId: string, sectionId: string, itemId: string, cvId?: string): Promise<SectionItemView> {
    return this.sections.get((manager) => this.itemStore(manager, accountId, sectionId), accountId, itemId, cvId);
  }

  createItem(accountId: string, sectionId: string, cvId: string | undefined, body: CustomSectionItemDto): Promise<string> {
    return this.sections.create((manager) => this.itemStore(manager, accountId, sectionId, 'lock'), accountId, cvId, body);
  }

  updateItem(accountId: string, sectionId: string, itemId: string, cvId: string | undefined, body: CustomSectionItemDto): Promise<void> {
    return this.sections.update((manager) => this.itemStore(manager, accountId, sectionId, 'lock'), accountId, itemId, cvId, body);
  }

  removeItem(accountId: string, sectionId: string, itemId: string, cvId?: string): Promise<void> {
    return this.sections.remove((manager) => this.itemStore(manager, accountId, sectionId, 'lock'), accountId, itemId, cvId);
  }

  /** Every custom section of the account, oldest first, with the items one resume has in it. */
  async withItemsOf(manager: EntityManager, accountId: string, resumeId: string): Promise<CustomSectionWithItems[]> {
    const definitions = await manager.find(CustomSection, { where: { accountId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const items = await manager.find(CustomSectionItem, { where: { resumeId }, order: { position: 'ASC' } });
    return definitions.map(({ id, title, enabledFields }) => ({
      id,
      title,
      enabledFields,
      items: items.filter((item) => item.customSectionId === id).map(sectionItemView),
    }));
  }

  /**
   * Adds items to a resume under the account's custom section titled `title` (any case), inside the caller's
   * transaction. The section is made when the account has none of that title, and made to enable `enabledFields`
   * when it does not yet (enabling a field changes no existing item).
   */
  async insertItems(
    manager: EntityManager,
    accountId: string,
    resumeId: string,
    section: { title: string; enabledFields: CustomItemField[] },
    bodies: CustomSectionItemDto[],
  ): Promise<void> {
    const existing = await manager
      .createQueryBuilder(CustomSection, 'section')
      .setLock('pessimistic_write')
      .where('section.account_id = :accountId AND lower(section.title) = lower(:title)', { accountId, title: section.title })
      .orderBy('section.created_at', 'ASC')
      .getOne();
    let definitionId = existing?.id;
    if (!existing) {
      const { identifiers } = await manager.insert(CustomSection, { ...section, accountId });
      definitionId = identifiers[0].id as string;
    } else if (section.enabledFields.some((field) => !existing.enabledFields.includes(field))) {
      await manager.update(CustomSection, { id: existing.id }, { enabledFields: [...new Set([...existing.enabledFields, ...section.enabledFields])] });
    }
    await manager.insert(
      CustomSectionItem,
      bodies.map((body) => ({ ...body, customSectionId: definitionId, accountId, resumeId })),
    );
  }

  /**
   * The store of one definition's items: they are its rows of custom_section_items, and a body writes only the
   * fields it enables (the others are silently dropped). Writes lock the definition until they commit.
   */
  private async itemStore(manager: EntityManager, accountId: string, sectionId: string, lock?: 'lock'): Promise<SectionStore> {
    const definition = await this.definition(manager, accountId, sectionId, lock ? 'pessimistic_read' : undefined);
    return {
      entity: CustomSectionItem,
      scope: { customSectionId: definition.id },
      toColumns: (body) => Object.fromEntries(Object.entries(body).filter(([field]) => definition.enabledFields.includes(field as CustomItemField))),
    };
  }

  private async definition(manager: EntityManager, accountId: string, id: string, lock?: 'pessimistic_read' | 'pessimistic_write'): Promise<CustomSection> {
    const definition = await manager.findOne(CustomSection, { where: { id, accountId }, lock: lock && { mode: lock } });
    if (!definition) throw new NotFoundError();
    return definition;
  }
}

function definitionView({ accountId: _account, ...view }: CustomSection): CustomSectionView {
  return view;
}
