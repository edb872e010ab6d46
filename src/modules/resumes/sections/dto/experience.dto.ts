import { TextField, TextListField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { DatedItemBody } from './section-item.dto';
import { SECTION_TEXT } from '../../resumes.limits';

export class CreateExperienceDto extends DatedItemBody {
  @TextField({ description: 'The position held', max: SECTION_TEXT.name, example: 'Backend Engineer' })
  jobTitle: string;

  @TextField({ description: 'The employer', max: SECTION_TEXT.name, example: 'Acme Corp' })
  company: string;

  @TextField({ description: 'Where the job was; null clears it', nullable: true, max: SECTION_TEXT.name })
  location?: string | null;

  @TextField({ description: 'What the role was about; null clears it', nullable: true, max: SECTION_TEXT.long })
  description?: string | null;

  @TextListField({
    description: 'What the role was responsible for, one point each',
    optional: true,
    maxItems: SECTION_TEXT.listItems,
    maxLength: SECTION_TEXT.listItem,
  })
  responsibilities?: string[];

  @TextListField({ description: 'Results to show, one point each', optional: true, maxItems: SECTION_TEXT.listItems, maxLength: SECTION_TEXT.listItem })
  achievements?: string[];
}

export class UpdateExperienceDto extends UpdateBody(CreateExperienceDto) {}
