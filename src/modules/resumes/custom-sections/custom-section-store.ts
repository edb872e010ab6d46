import type { SectionStore } from '../sections/section-kinds';
import type { CustomItemField } from './custom-item-fields';
import { CustomSectionItem } from './custom-section-item.entity';
import type { CustomSection } from './custom-section.entity';

/**
 * The store of one definition's items: they are its rows of custom_section_items, and a body writes only the fields
 * it enables (the others are silently dropped).
 */
export function customSectionStore(definition: Pick<CustomSection, 'id' | 'enabledFields'>): SectionStore {
  return {
    entity: CustomSectionItem,
    scope: { customSectionId: definition.id },
    toColumns: (body) => Object.fromEntries(Object.entries(body).filter(([field]) => definition.enabledFields.includes(field as CustomItemField))),
  };
}
