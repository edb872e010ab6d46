import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PagingQuery } from '../../../../common/http/paging';
import { BooleanField, PartialDateField, TextField } from '../../../../common/validation/field.decorators';
import { NotBeforeStartDate } from '../../../../common/validation/period';

/**
 * Limits chosen once, the same for every section: names and titles (a publication's title is longer, a summary's
 * label or a keyword shorter), URLs, long texts, bullet lists, keyword lists, short labels (a skill's level, a
 * grade), and dates written as free text.
 */
export const SECTION_TEXT = {
  name: 200,
  longName: 300,
  shortName: 100,
  url: 500,
  long: 10_000,
  listItems: 50,
  listItem: 1_000,
  keywords: 20,
  label: 50,
  dateText: 20,
} as const;

/** Numbers a section item may hold: a skill's score, a grade point average. */
export const SECTION_NUMBERS = { score: { min: 1, max: 5 }, gpa: { min: 0, max: 10 } } as const;

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
