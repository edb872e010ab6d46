import { Column, Entity } from 'typeorm';
import { DatedSectionItem } from '../section-item.entity';

@Entity('experiences')
export class Experience extends DatedSectionItem {
  @Column('text')
  jobTitle: string;

  @Column('text')
  company: string;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', array: true, default: '{}' })
  responsibilities: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  achievements: string[];
}
