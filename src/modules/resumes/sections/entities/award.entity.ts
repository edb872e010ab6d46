import { Column, Entity } from 'typeorm';
import { SingleDateSectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `awards`. */
@Entity('awards')
export class Award extends SingleDateSectionItem {
  @Column('text')
  title: string;

  @Column({ type: 'text', nullable: true })
  awarder: string | null;

  @Column({ type: 'text', nullable: true })
  summary: string | null;
}
