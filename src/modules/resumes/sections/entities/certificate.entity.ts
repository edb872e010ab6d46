import { Column, Entity } from 'typeorm';
import { SectionItem } from '../section-item.entity';

/** Fields of JSON Resume's `certificates`. */
@Entity('certificates')
export class Certificate extends SectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  issuer: string | null;

  /** YYYY-MM-DD. */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;
}
