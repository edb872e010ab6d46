import { PartialDateField, TextField, UrlField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SECTION_TEXT } from '../../resumes.limits';

/** JSON Resume's `certificates` fields. */
export class CreateCertificateDto {
  @TextField({ description: 'The certificate', max: SECTION_TEXT.name, example: 'AWS Certified Solutions Architect' })
  name: string;

  @TextField({ description: 'Who issued it; null clears it', nullable: true, max: SECTION_TEXT.name, example: 'Amazon Web Services' })
  issuer?: string | null;

  @PartialDateField({ nullable: true, description: 'Date of issue: YYYY, YYYY-MM or YYYY-MM-DD, answered as sent', example: '2023-04' })
  date?: string | null;

  @UrlField({ description: 'Where to verify it; null clears it', nullable: true, max: SECTION_TEXT.url })
  url?: string | null;
}

export class UpdateCertificateDto extends UpdateBody(CreateCertificateDto) {}
