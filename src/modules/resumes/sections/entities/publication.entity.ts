import { Column, Entity } from 'typeorm';
import { SectionItem } from '../section-item.entity';

@Entity('publications')
export class Publication extends SectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  publisher: string | null;

  /** YYYY-MM-DD. */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
