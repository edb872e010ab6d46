import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SectionItem } from '../sections/section-item.entity';
import { CustomSection } from './custom-section.entity';

/** An item of a custom section on one resume. Fields the section does not enable stay null. */
@Entity('custom_section_items')
export class CustomSectionItem extends SectionItem {
  @Index()
  @Column('uuid')
  customSectionId: string;

  @ManyToOne(() => CustomSection, { onDelete: 'CASCADE' })
  @JoinColumn()
  customSection?: CustomSection;

  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  subtitle: string | null;

  @Column({ type: 'text', nullable: true })
  organization: string | null;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Free text or YYYY-MM-DD. */
  @Column({ type: 'text', nullable: true })
  startDate: string | null;

  @Column({ type: 'text', nullable: true })
  endDate: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;
}
