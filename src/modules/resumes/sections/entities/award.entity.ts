import { Check, Column, Entity } from 'typeorm';
import type { DatePrecision } from '../../../../common/validation/partial-date';
import { precisionCheck } from '../section-dates';
import { SectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `awards`. */
@Check(precisionCheck('date'))
@Entity('awards')
export class Award extends SectionItem {
  @Column('text')
  title: string;

  @Column({ type: 'text', nullable: true })
  awarder: string | null;

  /** The first day of the year, month or day given (YYYY-MM-DD), its precision beside it (sections/section-dates.ts). */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Column({ type: 'text', nullable: true })
  datePrecision: DatePrecision | null;

  @Column({ type: 'text', nullable: true })
  summary: string | null;
}
