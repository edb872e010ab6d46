import { TextField, UrlField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { DatedItemBody, SECTION_TEXT } from './section-item.dto';

export class CreateProjectDto extends DatedItemBody {
  @TextField({ max: SECTION_TEXT.name, example: 'Open-source job board' })
  name: string;

  @TextField({ nullable: true, max: SECTION_TEXT.name })
  organisation?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.long })
  description?: string | null;

  @UrlField({ nullable: true, max: SECTION_TEXT.url })
  url?: string | null;
}

export class UpdateProjectDto extends UpdateBody(CreateProjectDto) {}
