import { Column, Entity } from 'typeorm';
import { SingleDateSectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `certificates`. */
@Entity('certificates')
export class Certificate extends SingleDateSectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  issuer: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;
}
