import { Check, Column, Generated, Index, JoinColumn, ManyToOne } from 'typeorm';
import { OwnedRecord } from '../../../database/owned-record.entity';
import type { DatePrecision } from '../../../common/validation/partial-date';
import { Resume } from '../entities/resume.entity';
import { precisionCheck } from './section-dates';

/** Columns every section item shares: it belongs to one resume of one account and is deleted with that resume. */
@Index(['resumeId', 'position'])
export abstract class SectionItem extends OwnedRecord {
  @Column('uuid')
  resumeId: string;

  @ManyToOne(() => Resume, { onDelete: 'CASCADE' })
  @JoinColumn()
  resume?: Resume;

  /**
   * The default order of a section: insertion order, from a sequence, so that a resume's copy (inserted in this
   * order) keeps it. A resume's `itemOrder` reorders per CV. Never shown.
   */
  @Generated('increment')
  @Column({ type: 'bigint' })
  position: string;
}

/**
 * A section item that covers a period: experiences, education, projects. A date is stored as the first instant it
 * covers (midnight UTC of a year's, month's or day's first day), its precision beside it (sections/section-dates.ts).
 */
@Check(precisionCheck('start_date'))
@Check(precisionCheck('end_date'))
export abstract class DatedSectionItem extends SectionItem {
  @Column({ type: 'timestamptz', nullable: true })
  startDate: Date | null;

  @Column({ type: 'text', nullable: true })
  startDatePrecision: DatePrecision | null;

  /** Shown as null while `isCurrent` is true. */
  @Column({ type: 'timestamptz', nullable: true })
  endDate: Date | null;

  @Column({ type: 'text', nullable: true })
  endDatePrecision: DatePrecision | null;

  @Column({ default: false })
  isCurrent: boolean;
}

/**
 * A section item of one date: awards, certificates, publications. The date is stored as the first day of the year,
 * month or day given (YYYY-MM-DD), its precision beside it (sections/section-dates.ts).
 */
@Check(precisionCheck('date'))
export abstract class SingleDateSectionItem extends SectionItem {
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Column({ type: 'text', nullable: true })
  datePrecision: DatePrecision | null;
}
