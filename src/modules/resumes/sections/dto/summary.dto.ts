import { TextField } from '../../../../common/validation/field.decorators';
import { UpdateBody } from '../../../../common/validation/update-body';
import { SECTION_TEXT } from '../../resumes.limits';

export class CreateSummaryDto {
  @TextField({ nullable: true, max: SECTION_TEXT.shortName, description: 'Internal label, not shown on the CV', example: 'Backend roles' })
  title?: string | null;

  @TextField({
    max: SECTION_TEXT.long,
    description: 'The summary text shown on the CV',
    example: 'Backend engineer with eight years of building reliable APIs in TypeScript and Go.',
  })
  content: string;
}

export class UpdateSummaryDto extends UpdateBody(CreateSummaryDto) {}
