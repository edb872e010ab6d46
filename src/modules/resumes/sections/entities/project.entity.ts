import { Column, Entity } from 'typeorm';
import { DatedSectionItem } from '../section-item.entity';

@Entity('projects')
export class Project extends DatedSectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  organisation: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  url: string | null;
}
