import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, EnumField, NestedField, TextField } from '../../../common/validation/field.decorators';
import { UpdateBody } from '../../../common/validation/update-body';
import { SKILL_CATEGORIES } from '../sections/skill-categories';
import { ResumeContent } from './resume-content.dto';
import {
  DesignSettingsDto,
  JsonObjectField,
  OptionalFieldsDto,
  PersonalOverridesDto,
  SectionIdsField,
  SectionOrderField,
  SummaryIdField,
} from './resume-settings.dto';
import { RESUME_CONTENT_LIMITS, RESUME_LIMITS } from '../resumes.limits';
import { RESUME_TEMPLATES, ResumeTemplate } from '../resume-settings';

export class CreateResumeDto {
  @TextField({
    description: 'The resume’s own name, e.g. the target role or company (not shown on the CV)',
    max: RESUME_LIMITS.name,
    example: 'Backend roles, Berlin',
  })
  name: string;

  @TextField({ nullable: true, max: RESUME_LIMITS.jobTitle, description: "This CV's header title; null falls back to the profile's jobTitle" })
  jobTitle?: string | null;

  @EnumField(RESUME_TEMPLATES, { optional: true, enumName: 'ResumeTemplate', default: 'classic', description: 'Default `classic`' })
  template?: ResumeTemplate;

  @BooleanField({ optional: true, description: 'true makes this the default resume. The default cannot be unset with false: make another resume the default.' })
  isDefault?: boolean;

  @JsonObjectField(
    'CV-level data, stored as sent; section content keys (experiences, education, ..., customSections) are silently dropped.',
    RESUME_CONTENT_LIMITS.cvDataCharacters,
  )
  cvData?: object;

  @SectionIdsField("Item ids to hide on this CV, per section; on create, ids of the default resume's items name their copies.")
  hiddenItems?: Record<string, string[]>;

  @NestedField(() => PersonalOverridesDto, { optional: true })
  personalOverrides?: PersonalOverridesDto;

  @SectionIdsField('Item ids in the order to show them, per section; unlisted items follow in the default order. `skillCategories` orders the skill groups.', {
    skillCategories: SKILL_CATEGORIES,
  })
  itemOrder?: Record<string, string[]>;

  @SummaryIdField()
  selectedSummaryId?: string | null;

  @NestedField(() => DesignSettingsDto, { optional: true })
  designSettings?: DesignSettingsDto;

  @NestedField(() => OptionalFieldsDto, { optional: true })
  optionalFields?: OptionalFieldsDto;

  @SectionOrderField()
  sectionOrder?: string[];
}

export class UpdateResumeDto extends UpdateBody(CreateResumeDto) {}

/** A resume in list results. */
export class ResumeListItem {
  id: string;
  name: string;
  jobTitle: string | null;
  @ApiProperty({ enum: RESUME_TEMPLATES, enumName: 'ResumeTemplate' })
  template: ResumeTemplate;
  isDefault: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export class ResumeView extends ResumeListItem {
  @ApiProperty({ type: 'object', additionalProperties: true })
  cvData: object;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } })
  hiddenItems: Record<string, string[]>;
  personalOverrides: PersonalOverridesDto;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } })
  itemOrder: Record<string, string[]>;
  selectedSummaryId: string | null;
  designSettings: DesignSettingsDto;
  optionalFields: OptionalFieldsDto;
  sectionOrder: string[];
}

export class ResumeDetail extends ResumeView {
  /** The resolved CV: what the PDF export renders. */
  content: ResumeContent;
}

export class ResumeDetailResponse {
  data: ResumeDetail;
}
