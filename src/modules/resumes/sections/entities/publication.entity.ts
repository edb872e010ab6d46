import { Check, Column, Entity } from 'typeorm';
import type { DatePrecision } from '../../../../common/validation/partial-date';
import { precisionCheck } from '../section-dates';
import { SectionItem } from '../section-item.entity';

@Check(precisionCheck('date'))
@Entity('publications')
export class Publication extends SectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  publisher: string | null;

  /** The first day of the year, month or day given (YYYY-MM-DD), its precision beside it (sections/section-dates.ts). */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Column({ type: 'text', nullable: true })
  datePrecision: DatePrecision | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
