import { DateField, TextField, UrlField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SECTION_TEXT } from './section-item.dto';

export class CreatePublicationDto {
  @TextField({ max: 300, example: 'Sliding windows in practice' })
  name: string;

  @TextField({ nullable: true, max: 200 })
  publisher?: string | null;

  @DateField({ nullable: true })
  date?: string | null;

  @UrlField({ nullable: true, max: SECTION_TEXT.url })
  url?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.long })
  description?: string | null;
}

export class UpdatePublicationDto extends UpdateBody(CreatePublicationDto) {}
