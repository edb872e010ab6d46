import { ApiProperty, IntersectionType, OmitType, PickType } from '@nestjs/swagger';
import type { ValidationDetails } from '../../../common/errors/api-errors';
import { TextField } from '../../../common/validation/field.decorators';
import { CreateApplicationDto, UpdateApplicationDto } from '../dto/application.dto';
import { APPLICATION_LIMITS } from '../tracker.limits';

/** What one import takes: the body's size, and rows (each is a transaction of its own). */
export const APPLICATION_CSV_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 2000 } as const;
/** An export reads every application of the account and an import writes up to maxRows: both are held lower than a list. */
export const APPLICATION_CSV_RATE_LIMITS = { export: 10, import: 5 } as const;

/**
 * A row of an import, checked with the rules and messages of the routes that take the same fields: create's, with
 * the status and follow-up date PATCH takes, and the listing's publisher the export writes. A row names no resume,
 * letter or listing (see APPLICATION_CSV_COLUMNS).
 */
export class ImportedApplicationRow extends IntersectionType(
  OmitType(CreateApplicationDto, ['jobListingId', 'autoPrepare', 'cvId'] as const),
  PickType(UpdateApplicationDto, ['status', 'followUpAt'] as const),
) {
  @TextField({ optional: true, max: APPLICATION_LIMITS.text, description: 'Where the listing was published' })
  publisher?: string;
}

export class RejectedRow {
  @ApiProperty({ example: 3, description: 'The row as a spreadsheet numbers it: the header is row 1, the first application row 2' })
  row: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { jobTitle: ['is required'], priority: ['must be between 1 and 5'] },
    description: 'Column → messages, as a validation failure names fields (`row` for a row that does not fit the header)',
  })
  errors: ValidationDetails;
}

export class ImportResult {
  @ApiProperty({ example: 1, description: 'Rows that created an application' })
  imported: number;
  @ApiProperty({ example: 0, description: 'Rows whose jobUrl one of your applications already has (an earlier row included): nothing was written' })
  existing: number;
  @ApiProperty({ type: [RejectedRow], description: 'Rows refused, with why; nothing of them was written' })
  rejected: RejectedRow[];
}
