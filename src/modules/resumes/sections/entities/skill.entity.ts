import { ApiProperty } from '@nestjs/swagger';
import { Column, Entity } from 'typeorm';
import { SectionItem } from '../section-item.entity';
import { SKILL_CATEGORIES, type SkillCategory } from '../skill-categories';

@Entity('skills')
export class Skill extends SectionItem {
  @Column('text')
  name: string;

  // Named, so that the document lists the categories in their order, not in the order the compiler met the literals.
  @ApiProperty({ enum: SKILL_CATEGORIES, nullable: true })
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
