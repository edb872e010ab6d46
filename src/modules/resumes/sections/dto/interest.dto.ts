import { TextField, TextListField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SECTION_TEXT } from '../../resumes.limits';

/** JSON Resume's `interests` fields. */
export class CreateInterestDto {
  @TextField({ description: 'The interest', max: SECTION_TEXT.name, example: 'Climbing' })
  name: string;

  @TextListField({
    description: 'Details of the interest',
    optional: true,
    maxItems: SECTION_TEXT.keywords,
    maxLength: SECTION_TEXT.shortName,
    example: ['bouldering', 'alpine'],
  })
  keywords?: string[];
}

export class UpdateInterestDto extends UpdateBody(CreateInterestDto) {}
