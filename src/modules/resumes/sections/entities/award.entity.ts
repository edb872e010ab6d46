import { Column, Entity } from 'typeorm';
import { SectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `awards`. */
@Entity('awards')
export class Award extends SectionItem {
  @Column('text')
  title: string;

  @Column({ type: 'text', nullable: true })
  awarder: string | null;

  /** YYYY-MM-DD. */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Column({ type: 'text', nullable: true })
  summary: string | null;
}
