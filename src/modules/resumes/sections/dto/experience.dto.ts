import { TextField, TextListField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { DatedItemBody, SECTION_TEXT } from './section-item.dto';

export class CreateExperienceDto extends DatedItemBody {
  @TextField({ max: SECTION_TEXT.name, example: 'Backend Engineer' })
  jobTitle: string;

  @TextField({ max: SECTION_TEXT.name, example: 'Acme Corp' })
  company: string;

  @TextField({ nullable: true, max: SECTION_TEXT.name })
  location?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.long })
  description?: string | null;

  @TextListField({ optional: true, maxItems: SECTION_TEXT.listItems, maxLength: SECTION_TEXT.listItem })
  responsibilities?: string[];

  @TextListField({ optional: true, maxItems: SECTION_TEXT.listItems, maxLength: SECTION_TEXT.listItem })
  achievements?: string[];
}

export class UpdateExperienceDto extends UpdateBody(CreateExperienceDto) {}
