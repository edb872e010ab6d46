import { TextField, UrlField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { DatedItemBody } from './section-item.dto';
import { SECTION_TEXT } from '../../resumes.limits';

export class CreateProjectDto extends DatedItemBody {
  @TextField({ description: 'The project', max: SECTION_TEXT.name, example: 'Open-source job board' })
  name: string;

  @TextField({ description: 'Who it was for or with; null clears it', nullable: true, max: SECTION_TEXT.name })
  organisation?: string | null;

  @TextField({ description: 'What it was and the part played; null clears it', nullable: true, max: SECTION_TEXT.long })
  description?: string | null;

  @UrlField({ description: 'Where to see it; null clears it', nullable: true, max: SECTION_TEXT.url })
  url?: string | null;
}

export class UpdateProjectDto extends UpdateBody(CreateProjectDto) {}
