import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';
import type { DesignSettings, OptionalFields, PersonalOverrides } from '../resume-settings';
import type { ResumeTemplate } from '../resume-settings';

/** A resume (CV). Its section content lives in the section tables, keyed by `resumeId`. */
@Entity('resumes')
@Index('resumes_one_default_per_account', ['accountId'], { unique: true, where: 'is_default' })
export class Resume extends OwnedRecord {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  jobTitle: string | null;

  @Column({ type: 'text', default: 'classic' })
  template: ResumeTemplate;

  @Column({ default: false })
  isDefault: boolean;

  /** Free-form CV-level data, stored as sent (minus section content). */
  @Column({ type: 'jsonb', default: {} })
  cvData: object;

  @Column({ type: 'jsonb', default: {} })
  hiddenItems: Record<string, string[]>;

  @Column({ type: 'jsonb', default: {} })
  personalOverrides: PersonalOverrides;

  @Column({ type: 'jsonb', default: {} })
  itemOrder: Record<string, string[]>;

  @Column({ type: 'uuid', nullable: true })
  selectedSummaryId: string | null;

  /**
   * Deleting the selected summary leaves the resume without one (null renders no summary). Declared for the foreign
   * key and never loaded: named by entity name and untyped, because summaries (section items) refer back to Resume.
   */
  @ManyToOne('Summary', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'selected_summary_id' })
  selectedSummary?: unknown;

  @Column({ type: 'jsonb', default: {} })
  designSettings: DesignSettings;

  @Column({ type: 'jsonb', default: {} })
  optionalFields: OptionalFields;

  @Column({ type: 'jsonb', default: [] })
  sectionOrder: string[];
}
