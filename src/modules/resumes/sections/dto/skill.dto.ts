import { EnumField, IntField, TextField, TextListField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SKILL_CATEGORIES, SkillCategory } from '../skill-categories';
import { SECTION_NUMBERS, SECTION_TEXT } from '../../resumes.limits';

export class CreateSkillDto {
  @TextField({ description: 'The skill', max: SECTION_TEXT.name, example: 'TypeScript' })
  name: string;

  @EnumField(SKILL_CATEGORIES, { description: 'The group the CV shows the skill in; null: none', nullable: true, enumName: 'SkillCategory' })
  category?: SkillCategory | null;

  @TextField({ nullable: true, max: SECTION_TEXT.label, description: 'Free-text label', example: 'Advanced' })
  level?: string | null;

  @IntField({ description: 'Proficiency from 1 (basic) to 5 (expert); null clears it', nullable: true, ...SECTION_NUMBERS.score })
  score?: number | null;

  @TextListField({
    optional: true,
    maxItems: SECTION_TEXT.keywords,
    maxLength: SECTION_TEXT.shortName,
    description: 'What the skill covers',
    example: ['NestJS', 'Node.js'],
  })
  keywords?: string[];
}

export class UpdateSkillDto extends UpdateBody(CreateSkillDto) {}
