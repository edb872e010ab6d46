import { ArrayMinSize, ArrayUnique, IsArray, IsDefined, IsIn } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, OmitType } from '@nestjs/swagger';
import { TextField, UrlField } from '../../../common/validation/field.decorators';
import { NotBeforeStartDate } from '../../../common/validation/period';
import { UpdateBody } from '../../../common/validation/update-body';
import { SECTION_TEXT } from '../resumes.limits';
import { CUSTOM_ITEM_FIELDS, CustomItemField } from './custom-item-fields';
import { CustomSectionItem } from './custom-section-item.entity';

const EnabledFieldsField = () =>
  applyDecorators(
    IsDefined({ message: 'is required' }),
    IsArray({ message: 'must be an array of item field names' }),
    ArrayMinSize(1, { message: 'must enable at least one field' }),
    IsIn(CUSTOM_ITEM_FIELDS, { each: true, message: `each must be one of: ${CUSTOM_ITEM_FIELDS.join(', ')}` }),
    ArrayUnique({ message: 'must not repeat a field' }),
    ApiProperty({
      enum: CUSTOM_ITEM_FIELDS,
      isArray: true,
      enumName: 'CustomItemField',
      minItems: 1,
      uniqueItems: true,
      example: ['title', 'organization', 'startDate', 'endDate'],
    }),
  );

export class CreateCustomSectionDto {
  @TextField({ max: SECTION_TEXT.name, example: 'Volunteering' })
  title: string;

  /** The item fields this section uses; items keep only these and silently drop the others. */
  @EnabledFieldsField()
  enabledFields: CustomItemField[];
}

export class UpdateCustomSectionDto extends UpdateBody(CreateCustomSectionDto) {}

/** Every field is optional; those the section does not enable are silently dropped. */
export class CustomSectionItemDto {
  @TextField({ nullable: true, max: SECTION_TEXT.name })
  title?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.name })
  subtitle?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.name })
  organization?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.name })
  location?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.long })
  description?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.dateText, description: 'Free text or YYYY-MM-DD', example: '2019-06' })
  startDate?: string | null;

  @TextField({
    nullable: true,
    max: SECTION_TEXT.dateText,
    description: 'Free text or YYYY-MM-DD; when both dates are dates, not before `startDate`',
    example: 'present',
  })
  @NotBeforeStartDate('full')
  endDate?: string | null;

  @UrlField({ nullable: true, max: SECTION_TEXT.url })
  url?: string | null;
}

/** The same fields, at least one of them: named apart so that the update body is a schema of its own. */
export class UpdateCustomSectionItemDto extends CustomSectionItemDto {}

export class CustomSectionView {
  id: string;
  title: string;
  @ApiProperty({ enum: CUSTOM_ITEM_FIELDS, isArray: true, enumName: 'CustomItemField' })
  enabledFields: CustomItemField[];
  createdAt: Date;
  updatedAt: Date;
}

export class CustomSectionResponse {
  data: CustomSectionView;
}

/** An item as answered: every item field, null where the section does not enable it. */
export class CustomSectionItemView extends OmitType(CustomSectionItem, ['accountId', 'account', 'resumeId', 'resume', 'position', 'customSection']) {}

export class CustomSectionItemResponse {
  data: CustomSectionItemView;
}
