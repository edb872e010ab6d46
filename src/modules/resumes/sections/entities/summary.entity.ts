import { Column, Entity } from 'typeorm';
import { SectionItem } from '../section-item.entity';

/** A summary text; a resume shows the one its `selectedSummaryId` picks. */
@Entity('summaries')
export class Summary extends SectionItem {
  /** Internal label, not shown on the CV. */
  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column('text')
  content: string;
}
