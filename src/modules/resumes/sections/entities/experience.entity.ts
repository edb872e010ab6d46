import { Column, Entity } from 'typeorm';
import { WithJobColumns } from '../../../../database/job-columns.entity';
import { DatedSectionItem } from '../section-item.entity';

@Entity('experiences')
export class Experience extends WithJobColumns(DatedSectionItem) {
  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', array: true, default: '{}' })
  responsibilities: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  achievements: string[];
}
