import { Column, Entity } from 'typeorm';
import { SectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `interests`. */
@Entity('interests')
export class Interest extends SectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', array: true, default: '{}' })
  keywords: string[];
}
