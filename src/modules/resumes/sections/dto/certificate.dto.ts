import { DateField, TextField, UrlField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SECTION_TEXT } from './section-item.dto';

/** JSON Resume's `certificates` fields. */
export class CreateCertificateDto {
  @TextField({ max: SECTION_TEXT.name, example: 'AWS Certified Solutions Architect' })
  name: string;

  @TextField({ nullable: true, max: SECTION_TEXT.name, example: 'Amazon Web Services' })
  issuer?: string | null;

  @DateField({ nullable: true, description: 'Date of issue' })
  date?: string | null;

  @UrlField({ nullable: true, max: SECTION_TEXT.url })
  url?: string | null;
}

export class UpdateCertificateDto extends UpdateBody(CreateCertificateDto) {}
