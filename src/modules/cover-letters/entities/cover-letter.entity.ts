import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';
import { Resume } from '../../resumes/entities/resume.entity';
import type { HeaderAlignment } from '../header-alignments';

/** What a cover letter created without these fields gets, as column defaults. */
export const COVER_LETTER_DEFAULTS = {
  isDefault: false,
  showName: true,
  showEmail: true,
  showPhone: true,
  showAddress: true,
  headerAlignment: 'left' as HeaderAlignment,
  fontFamily: 'Inter',
  fontSize: 11,
  lineSpacing: 1.6,
} as const;

export const ONE_COVER_LETTER_PER_RESUME = 'cover_letters_one_per_resume';

/** A cover letter, attached to exactly one resume and deleted with it. */
@Entity('cover_letters')
@Index(ONE_COVER_LETTER_PER_RESUME, ['cvId'], { unique: true })
@Index('cover_letters_one_default_per_account', ['accountId'], { unique: true, where: 'is_default' })
export class CoverLetter extends OwnedRecord {
  @Column('uuid')
  cvId: string;

  @ManyToOne(() => Resume, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'cv_id' })
  cv?: Resume;

  @Column('text')
  title: string;

  @Column('text')
  content: string;

  @Column({ type: 'text', nullable: true })
  templateId: string | null;

  @Column({ default: COVER_LETTER_DEFAULTS.isDefault })
  isDefault: boolean;

  /** Never null: clearing the variables stores the empty map, so reads always answer an object. */
  @Column({ type: 'jsonb', default: {} })
  variables: Record<string, string>;

  @Column({ default: COVER_LETTER_DEFAULTS.showName })
  showName: boolean;

  @Column({ default: COVER_LETTER_DEFAULTS.showEmail })
  showEmail: boolean;

  @Column({ default: COVER_LETTER_DEFAULTS.showPhone })
  showPhone: boolean;

  @Column({ default: COVER_LETTER_DEFAULTS.showAddress })
  showAddress: boolean;

  @Column({ type: 'text', default: COVER_LETTER_DEFAULTS.headerAlignment })
  headerAlignment: HeaderAlignment;

  @Column({ type: 'text', default: COVER_LETTER_DEFAULTS.fontFamily })
  fontFamily: string;

  /** double precision: `real` would answer 1.6 as 1.600000023841858. */
  @Column({ type: 'double precision', default: COVER_LETTER_DEFAULTS.fontSize })
  fontSize: number;

  @Column({ type: 'double precision', default: COVER_LETTER_DEFAULTS.lineSpacing })
  lineSpacing: number;
}
