import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';
import type { DesignSettingsDto, OptionalFieldsDto, PersonalOverridesDto } from '../dto/resume-settings.dto';
// A type import and a relation by name: summaries extend SectionItem, which refers back to Resume.
import type { Summary } from '../sections/entities/summary.entity';

export const RESUME_TEMPLATES = ['classic', 'modern', 'minimal'] as const;
export type ResumeTemplate = (typeof RESUME_TEMPLATES)[number];

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
  personalOverrides: PersonalOverridesDto;

  @Column({ type: 'jsonb', default: {} })
  itemOrder: Record<string, string[]>;

  @Column({ type: 'uuid', nullable: true })
  selectedSummaryId: string | null;

  /** Deleting the selected summary leaves the resume without one (null renders no summary). */
  @ManyToOne('Summary', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'selected_summary_id' })
  selectedSummary?: Summary;

  @Column({ type: 'jsonb', default: {} })
  designSettings: DesignSettingsDto;

  @Column({ type: 'jsonb', default: {} })
  optionalFields: OptionalFieldsDto;

  @Column({ type: 'jsonb', default: [] })
  sectionOrder: string[];
}
