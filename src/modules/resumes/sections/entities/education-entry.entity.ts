import { Column, Entity } from 'typeorm';
import { DatedSectionItem } from '../section-item.entity';

/** Columns carry the names the API answers with (`school`, `field`); writes also accept `institution`, `fieldOfStudy`. */
@Entity('education_entries')
export class EducationEntry extends DatedSectionItem {
  @Column('text')
  school: string;

  @Column('text')
  degree: string;

  @Column({ type: 'text', nullable: true })
  field: string | null;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', nullable: true })
  grade: string | null;

  @Column({ type: 'double precision', nullable: true })
  gpa: number | null;
}
