import { Column, Entity } from 'typeorm';
import { SingleDateSectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `publications`. */
@Entity('publications')
export class Publication extends SingleDateSectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  publisher: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
