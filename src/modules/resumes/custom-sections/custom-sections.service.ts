import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ApiCaller } from '../../../common/auth/api-caller';
import { ListEnvelope, PagingQuery } from '../../../common/http/paging';
import type { Owner } from '../../../database/owned-repository';
import { ResumesRepository } from '../resumes.repository';
import { SectionItemView, sectionItemView } from '../sections/section-item-view';
import { SectionItemsRepository } from '../sections/section-items.repository';
import { customSectionKey } from '../sections/section-keys';
import type { CustomItemField } from './custom-item-fields';
import { CustomSectionItem } from './custom-section-item.entity';
import type { CustomSection } from './custom-section.entity';
import { CreateCustomSectionDto, CustomSectionItemDto, CustomSectionView, UpdateCustomSectionDto } from './custom-section.dto';
import { CustomSectionsRepository } from './custom-sections.repository';

/** A custom section as a resume shows it: the definition and that resume's items, in default order. */
export interface CustomSectionWithItems {
  id: string;
  title: string;
  enabledFields: CustomItemField[];
  items: SectionItemView[];
}

/**
 * Custom section definitions belong to the account. Their items belong to a resume and are served like every
 * section's, by the section controller mixin and SectionsService, with the definition as the store
 * (custom-section-store.ts).
 */
@Injectable()
export class CustomSectionsService {
  constructor(
    private readonly definitions: CustomSectionsRepository,
    private readonly items: SectionItemsRepository,
    private readonly resumes: ResumesRepository,
  ) {}

  list(caller: ApiCaller, paging: PagingQuery): Promise<ListEnvelope<CustomSectionView>> {
    return this.definitions.definitions(caller, paging);
  }

  get(caller: ApiCaller, id: string): Promise<CustomSectionView> {
    return this.definitions.get(caller, id);
  }

  create(caller: ApiCaller, body: CreateCustomSectionDto): Promise<string> {
    return this.definitions.create(caller, body);
  }

  /** Fields a definition stops enabling are cleared on its items, so that items only ever hold enabled fields. */
  async update(caller: ApiCaller, id: string, changes: UpdateCustomSectionDto): Promise<void> {
    await this.definitions.transaction(async (definitions) => {
      const definition = await definitions.require(caller, id, 'pessimistic_write');
      await definitions.update(caller, id, changes);
      if (!changes.enabledFields) return;
      await definitions.clearItemFields(
        id,
        definition.enabledFields.filter((field) => !changes.enabledFields?.includes(field)),
      );
    });
  }

  /** Its items on every resume go with it, and every resume forgets them and the section (its key). */
  async remove(caller: ApiCaller, id: string): Promise<void> {
    await this.definitions.transaction(async (definitions, manager) => {
      await definitions.lockAccount(caller);
      await definitions.require(caller, id, 'pessimistic_write');
      const itemIds = await definitions.removeItems(id);
      await definitions.remove(caller, id);
      await this.resumes.withManager(manager).forgetReferences(caller, itemIds, [customSectionKey(id)]);
    });
  }

  /**
   * Adds items to a resume under the account's custom section titled `title` (any case), inside the caller's
   * transaction. The section is made when the account has none of that title, and made to enable `enabledFields`
   * when it does not yet (enabling a field changes no existing item).
   */
  async insertItems(
    owner: Owner,
    resumeId: string,
    section: { title: string; enabledFields: CustomItemField[] },
    bodies: CustomSectionItemDto[],
    within: EntityManager,
  ): Promise<void> {
    const definitions = this.definitions.withManager(within);
    const existing = await definitions.byTitle(owner, section.title);
    const definitionId = existing ? existing.id : await definitions.create(owner, section);
    if (existing && section.enabledFields.some((field) => !existing.enabledFields.includes(field))) {
      await definitions.update(owner, existing.id, { enabledFields: [...new Set([...existing.enabledFields, ...section.enabledFields])] });
    }
    await this.items.withManager(within).insertMany({ entity: CustomSectionItem, scope: { customSectionId: definitionId } }, owner, resumeId, bodies);
  }
}

/** A custom section and one resume's items in it, as that resume shows them. */
export function customSectionWithItems({
  section: { id, title, enabledFields },
  items,
}: {
  section: CustomSection;
  items: CustomSectionItem[];
}): CustomSectionWithItems {
  return { id, title, enabledFields, items: items.map((item) => sectionItemView(item)) };
}
