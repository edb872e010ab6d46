import { Check, Column, Entity } from 'typeorm';
import type { DatePrecision } from '../../../../common/validation/partial-date';
import { precisionCheck } from '../section-dates';
import { SectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `certificates`. */
@Check(precisionCheck('date'))
@Entity('certificates')
export class Certificate extends SectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  issuer: string | null;

  /** The first day of the year, month or day given (YYYY-MM-DD), its precision beside it (sections/section-dates.ts). */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Column({ type: 'text', nullable: true })
  datePrecision: DatePrecision | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;
}
