import { Column, Entity } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';
import type { CustomItemField } from './custom-item-fields';

/** A section the user defines once per account; its items belong to resumes (CustomSectionItem). */
@Entity('custom_sections')
export class CustomSection extends OwnedRecord {
  @Column('text')
  title: string;

  /** The item fields this section uses; items keep only these. */
  @Column({ type: 'text', array: true })
  enabledFields: CustomItemField[];
}
