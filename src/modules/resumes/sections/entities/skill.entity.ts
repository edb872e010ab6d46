import { Column, Entity } from 'typeorm';
import { SectionItem } from '../section-item.entity';
import type { SkillCategory } from '../skill-categories';

@Entity('skills')
export class Skill extends SectionItem {
  @Column('text')
  name: string;

  @Column({ type: 'text', nullable: true })
  category: SkillCategory | null;

  /** Free-text label, e.g. "Fluent". */
  @Column({ type: 'text', nullable: true })
  level: string | null;

  /** 1 to 5. */
  @Column({ type: 'smallint', nullable: true })
  score: number | null;

  /** What the skill covers (JSON Resume's skill keywords): "TypeScript" → NestJS, Node.js. */
  @Column({ type: 'text', array: true, default: '{}' })
  keywords: string[];
}
