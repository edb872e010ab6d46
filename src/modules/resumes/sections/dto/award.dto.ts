import { PartialDateField, TextField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SECTION_TEXT } from '../../resumes.limits';

/** JSON Resume's `awards` fields. */
export class CreateAwardDto {
  @TextField({ description: 'The award', max: SECTION_TEXT.name, example: 'Employee of the year' })
  title: string;

  @TextField({ nullable: true, max: SECTION_TEXT.name, description: 'Who gave the award' })
  awarder?: string | null;

  @PartialDateField({ description: 'When it was given: YYYY, YYYY-MM or YYYY-MM-DD, answered as sent; null clears it', nullable: true, example: '2022-12' })
  date?: string | null;

  @TextField({ description: 'What it was given for; null clears it', nullable: true, max: SECTION_TEXT.long })
  summary?: string | null;
}

export class UpdateAwardDto extends UpdateBody(CreateAwardDto) {}
