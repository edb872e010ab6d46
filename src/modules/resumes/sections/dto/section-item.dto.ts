import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PagingQuery } from '../../../../common/http/paging';
import { BooleanField, PartialDateField, TextField } from '../../../../common/validation/field.decorators';
import { NotBeforeStartDate } from '../../../../common/validation/period';

/** The resume-targeting query parameter of every section endpoint. */
export class SectionTargetQuery {
  @TextField({ optional: true, description: 'Id of the resume to act on; the default resume when left out. Unknown: 404.' })
  @ApiProperty({ format: 'uuid' })
  cvId?: string;
}

export class SectionListQuery extends IntersectionType(PagingQuery, SectionTargetQuery) {}

/** The period of an experience, education entry or project. */
export abstract class DatedItemBody {
  @PartialDateField({
    dateTimes: true,
    nullable: true,
    description: 'When it began: YYYY, YYYY-MM or YYYY-MM-DD (or an ISO 8601 date-time), answered as sent; null clears it',
    example: '2021-03',
  })
  startDate?: string | null;

  @PartialDateField({
    dateTimes: true,
    nullable: true,
    description: 'Not before `startDate`, compared at the precision both share. Ignored, and answered as null, while `isCurrent` is true',
  })
  @NotBeforeStartDate('partial')
  endDate?: string | null;

  /** Sending null clears the flag (false). */
  @Transform(({ value }) => (value === null ? false : value))
  @BooleanField({ nullable: true, description: 'An ongoing period; null clears it (false)' })
  isCurrent?: boolean | null;
}
