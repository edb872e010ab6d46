import { Body, Controller, Get, HttpCode, HttpStatus, Post, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtension, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../../common/auth/api-caller';
import { Scopes } from '../../../common/auth/auth.decorators';
import { ApiErrorResponse } from '../../../common/errors/api-error-response.decorator';
import { ErrorBody, ValidationErrorBody } from '../../../common/errors/error-body.dto';
import { AcceptsText } from '../../../common/http/body-parser';
import { OWN_BODY_ERRORS } from '../../../common/openapi/request-bodies';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { APPLICATION_CSV_COLUMN_NAMES } from './application-csv-columns';
import { APPLICATION_CSV_LIMITS, APPLICATION_CSV_RATE_LIMITS, ImportResult } from './application-csv.dto';
import { ApplicationCsvService } from './application-csv.service';

const CSV = 'text/csv';

/** The row the create route's example makes: imported into a fresh account it creates that application, beside it it is `existing`. */
const IMPORT_EXAMPLE = [
  'jobTitle,company,location,jobUrl,status,source,priority,salaryMin,salaryMax,salaryPeriod,salaryCurrency,appliedDate',
  'Senior Backend Engineer,Acme Corp,"Berlin, Germany",https://jobs.acme.example/1234,applied,LinkedIn,4,70000,85000,YEAR,EUR,2026-11-20T09:30:00.000Z',
  '',
].join('\r\n');

const EXPORT_EXAMPLE = [
  APPLICATION_CSV_COLUMN_NAMES.join(','),
  '"0d6f8f0e-7a8e-4a53-9a43-2f7c1c6c9d10","Senior Backend Engineer","Acme Corp","Berlin, Germany","https://jobs.acme.example/1234","applied","LinkedIn",4,,' +
    '70000,85000,"YEAR","EUR","2026-11-20T09:30:00.000Z",,,,,,,,false,"2026-11-18T08:00:00.000Z","2026-11-20T09:30:00.000Z"',
  '',
].join('\r\n');

@ApiTags('Tracker')
@Controller('v1/tracker/applications')
export class ApplicationCsvController {
  constructor(private readonly csv: ApplicationCsvService) {}

  @Get('export.csv')
  @Scopes('tracker:read')
  @RateLimit(APPLICATION_CSV_RATE_LIMITS.export)
  @ApiOperation({
    operationId: 'exportApplicationsCsv',
    summary: 'Export applications as CSV',
    description:
      'Every application, oldest first, one row each, every field in a fixed column order (`' +
      APPLICATION_CSV_COLUMN_NAMES.join('`, `') +
      '`) under a header row; instants in ISO 8601 UTC, `deadline` as YYYY-MM-DD, empty cells for empty fields. UTF-8 with a byte ' +
      'order mark, CRLF line ends (RFC 4180). A text cell a spreadsheet would run as a formula (beginning with `=`, `+`, `-`, `@`, a tab ' +
      "or a carriage return) is written with a `'` in front, which the import takes off again.",
  })
  @ApiProduces(CSV)
  @ApiOkResponse({ description: 'The CSV file', content: { [CSV]: { schema: { type: 'string' }, example: EXPORT_EXAMPLE } } })
  exportCsv(@Caller() caller: ApiCaller): StreamableFile {
    return new StreamableFile(this.csv.exportCsv(caller), { type: `${CSV}; charset=utf-8`, disposition: 'attachment; filename="applications.csv"' });
  }

  @Post('import')
  @Scopes('tracker:write')
  @RateLimit(APPLICATION_CSV_RATE_LIMITS.import)
  @AcceptsText({ mediaType: CSV, maxBytes: APPLICATION_CSV_LIMITS.maxBytes })
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'importApplicationsCsv',
    summary: 'Import applications from CSV',
    description:
      `A CSV whose header names columns of the export (any of them, in any order; \`jobTitle\` and \`company\` are required), up to ` +
      `${APPLICATION_CSV_LIMITS.maxBytes} bytes and ${APPLICATION_CSV_LIMITS.maxRows} rows. Each row is checked as a create body is ` +
      '(with `status`, `followUpAt` and `publisher` besides) and written whole or not at all, with an `application.created` event; a row whose ' +
      '`jobUrl` one of your applications already has (an earlier row included) creates nothing and counts as `existing`. The ids, timestamps and ' +
      'links of the file (`id`, `cvId`, `coverLetterId`, `jobListingId`, `isArchived`, `createdAt`, `updatedAt`) are ignored. A file that does not ' +
      'parse, or whose header is wrong, is refused whole.',
  })
  @ApiConsumes(CSV)
  @ApiBody({ schema: { type: 'string' }, examples: { oneApplication: { summary: 'One application', value: IMPORT_EXAMPLE } } })
  @ApiExtension(OWN_BODY_ERRORS, true)
  @ApiOkResponse({ type: ImportResult })
  @ApiErrorResponse(400, 'The CSV does not parse, its header is wrong, or it has too many rows; nothing was written', ErrorBody, ValidationErrorBody)
  @ApiErrorResponse(413, `The body is over ${APPLICATION_CSV_LIMITS.maxBytes} bytes`, ErrorBody)
  @ApiErrorResponse(415, `The body is not ${CSV}`, ErrorBody)
  importCsv(@Caller() caller: ApiCaller, @Body() csv: string): Promise<ImportResult> {
    return this.csv.importCsv(caller, csv);
  }
}
