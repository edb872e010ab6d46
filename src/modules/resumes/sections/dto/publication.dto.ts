import { PartialDateField, TextField, UrlField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SECTION_TEXT } from '../../resumes.limits';

export class CreatePublicationDto {
  @TextField({ description: 'The title of the publication', max: SECTION_TEXT.longName, example: 'Sliding windows in practice' })
  name: string;

  @TextField({ description: 'Journal, conference or publisher; null clears it', nullable: true, max: SECTION_TEXT.name })
  publisher?: string | null;

  @PartialDateField({ description: 'When it was published: YYYY, YYYY-MM or YYYY-MM-DD, answered as sent; null clears it', nullable: true })
  date?: string | null;

  @UrlField({ description: 'Where to read it; null clears it', nullable: true, max: SECTION_TEXT.url })
  url?: string | null;

  @TextField({ description: 'What it is about; null clears it', nullable: true, max: SECTION_TEXT.long })
  description?: string | null;
}

export class UpdatePublicationDto extends UpdateBody(CreatePublicationDto) {}
