import { ApiProperty } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { ValidationFailedError } from '../../../../common/errors/api-errors';
import { NumberField, TextField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { DatedItemBody } from './section-item.dto';
import { SECTION_NUMBERS, SECTION_TEXT } from '../../resumes.limits';

/** Writes accept the update names (institution, fieldOfStudy) and the list names (school, field) alike. */
export class CreateEducationDto extends DatedItemBody {
  @ApiProperty({ required: false })
  @ValidateIf((body: CreateEducationDto) => body.school === undefined)
  @TextField({ max: SECTION_TEXT.name, description: 'Required on create unless `school` is sent', example: 'TU Berlin' })
  institution?: string;

  @TextField({ optional: true, notBlank: true, max: SECTION_TEXT.name, description: 'Alias of `institution`' })
  school?: string;

  @TextField({ description: 'The degree or qualification', max: SECTION_TEXT.name, example: 'MSc' })
  degree: string;

  @TextField({ description: 'The subject studied; null clears it', nullable: true, max: SECTION_TEXT.name, example: 'Computer Science' })
  fieldOfStudy?: string | null;

  @TextField({ nullable: true, max: SECTION_TEXT.name, description: 'Alias of `fieldOfStudy`' })
  field?: string | null;

  @TextField({ description: 'Where the institution is; null clears it', nullable: true, max: SECTION_TEXT.name })
  location?: string | null;

  @TextField({ description: 'Details (thesis, courses …); null clears it', nullable: true, max: SECTION_TEXT.long })
  description?: string | null;

  @TextField({ description: 'Final grade as written; null clears it', nullable: true, max: SECTION_TEXT.label, example: 'First class honours' })
  grade?: string | null;

  @NumberField({ description: 'Grade point average, 0 to 10; null clears it', nullable: true, ...SECTION_NUMBERS.gpa, example: 3.8 })
  gpa?: number | null;
}

export class UpdateEducationDto extends UpdateBody(CreateEducationDto) {}

/** The columns an education body writes: each pair of names writes one column. */
export function educationColumns(body: Partial<CreateEducationDto>): object {
  const { institution, school, fieldOfStudy, field, ...columns } = body;
  return {
    ...columns,
    ...aliased('school', { institution, school }),
    ...aliased('field', { fieldOfStudy, field }),
  };
}

/** The value sent under either of two names for `column`; sending both is ambiguous, so it is a 400. */
function aliased<T>(column: string, sent: Record<string, T | undefined>): Record<string, T> {
  const given = Object.entries(sent).filter(([, value]) => value !== undefined);
  if (given.length > 1) {
    throw ValidationFailedError.field(column, `send either ${Object.keys(sent).join(' or ')}, not both`);
  }
  return given.length === 1 ? { [column]: given[0][1] as T } : {};
}
