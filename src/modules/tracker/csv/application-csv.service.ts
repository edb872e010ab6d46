import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { ApiError, ValidationDetails, ValidationFailedError } from '../../../common/errors/api-errors';
import { createValidationPipe } from '../../../common/validation/validation.pipe';
import { Owner } from '../../../database/owned-repository';
import { ApplicationsRepository } from '../applications.repository';
import { jobUrlKey } from '../job-url';
import { assertSalaryOrder, INITIAL_STATUS, NewApplication, shownOf } from '../new-application';
import { APPLICATION_CSV_COLUMNS, APPLICATION_CSV_COLUMN_NAMES, exportedText, importedText } from './application-csv-columns';
import { ApplicationCsvRepository, ExportedApplication } from './application-csv.repository';
import { APPLICATION_CSV_LIMITS, ImportedApplicationRow, ImportResult } from './application-csv.dto';

type Column = (typeof APPLICATION_CSV_COLUMNS)[number];

/** The columns an import must have: without them no row could be an application. */
const REQUIRED_COLUMNS = ['jobTitle', 'company'];

/**
 * The tracker's applications as CSV (RFC 4180: CRLF line ends, a header row) and back. The export and the import
 * share one column table (APPLICATION_CSV_COLUMNS), so a file exported from one account imports into another.
 */
@Injectable()
export class ApplicationCsvService {
  private readonly log = new Logger(ApplicationCsvService.name);
  private readonly validation = createValidationPipe();

  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly exports: ApplicationCsvRepository,
  ) {}

  /**
   * Every application of the account, oldest first, one row each, streamed as it is read. UTF-8 with a byte order
   * mark, so that spreadsheets read accents right; text cells quoted, and escaped where a spreadsheet would run them
   * as a formula (see exportedText).
   */
  exportCsv(owner: Owner): Readable {
    const csv = stringify({
      bom: true,
      header: true,
      columns: [...APPLICATION_CSV_COLUMN_NAMES],
      record_delimiter: 'windows',
      quoted_string: true,
      cast: { boolean: (value) => String(value) },
    });
    return pipeline(Readable.from(this.exportedRows(owner)), csv, (error) => {
      if (error) this.log.warn({ err: error }, 'An application export stopped before its end');
    });
  }

  /**
   * Imports the applications of a CSV with the export's header (any of its columns, in any order): each row is
   * checked as a create body is, then written in a transaction of its own (a savepoint inside a request's), with its
   * first timeline entry and an `application.created` event, so a row is written whole or not at all. A row whose
   * jobUrl one of the account's applications has (an earlier row's included) creates nothing (the create's rule 1).
   * A file that cannot be read, or whose header is wrong, is refused whole before any row is written.
   */
  async importCsv(owner: Owner, text: string): Promise<ImportResult> {
    const [header, ...rows] = readCsv(text);
    const columns = headerColumns(header);
    if (rows.length > APPLICATION_CSV_LIMITS.maxRows) {
      throw ValidationFailedError.field('body', `has ${rows.length} rows; an import takes at most ${APPLICATION_CSV_LIMITS.maxRows}`);
    }
    const result: ImportResult = { imported: 0, existing: 0, rejected: [] };
    for (const [index, cells] of rows.entries()) {
      try {
        if (await this.importRow(owner, columns, cells)) result.imported += 1;
        else result.existing += 1;
      } catch (error) {
        if (!(error instanceof ValidationFailedError)) throw error;
        // The header is row 1.
        result.rejected.push({ row: index + 2, errors: (error.getResponse() as { details: ValidationDetails }).details });
      }
    }
    return result;
  }

  /** Whether the account exists, for the command line, which names it by hand (a route's caller always has one). */
  accountExists(accountId: string): Promise<boolean> {
    return this.applications.transaction((applications) => applications.lockAccount(accountId));
  }

  private async *exportedRows(owner: Owner): AsyncGenerator<ExportedApplication> {
    for await (const application of this.exports.exported(owner)) {
      for (const name of APPLICATION_CSV_COLUMN_NAMES) {
        const value = application[name];
        if (typeof value === 'string') application[name] = exportedText(value);
      }
      yield application;
    }
  }

  /** Answers true when the row created an application, false when its jobUrl was taken; a refused row throws ValidationFailedError. */
  private async importRow(owner: Owner, columns: Column[], cells: string[]): Promise<boolean> {
    if (cells.length > columns.length) throw ValidationFailedError.field('row', `has ${cells.length} cells; the header has ${columns.length}`);
    const body: Record<string, string | number> = {};
    columns.forEach((column, position) => {
      const cell = cells[position];
      if (!column.imported || cell === undefined || cell === '') return;
      const text = importedText(cell);
      body[column.name] = 'integer' in column && /^-?\d+$/.test(text) ? Number(text) : text;
    });
    const row = (await this.validation.transform(body, { type: 'body', metatype: ImportedApplicationRow })) as ImportedApplicationRow;
    assertSalaryOrder(row, { salaryMin: row.salaryMin ?? null, salaryMax: row.salaryMax ?? null });
    const status = row.status ?? INITIAL_STATUS;
    const followUpAt = row.followUpAt ? new Date(row.followUpAt) : null;
    const application: NewApplication = {
      jobTitle: row.jobTitle,
      company: row.company,
      location: row.location ?? null,
      jobUrl: row.jobUrl ?? null,
      jobUrlKey: row.jobUrl ? jobUrlKey(row.jobUrl) : null,
      jobDescription: row.jobDescription ?? null,
      status,
      source: row.source ?? 'Other',
      priority: row.priority ?? null,
      notes: row.notes ?? null,
      salaryMin: row.salaryMin ?? null,
      salaryMax: row.salaryMax ?? null,
      salaryPeriod: row.salaryPeriod ?? null,
      salaryCurrency: row.salaryCurrency ?? null,
      appliedDate: row.appliedDate ? new Date(row.appliedDate) : null,
      deadline: row.deadline ?? null,
      postedAt: row.postedAt ?? null,
      followUpAt,
      // A follow-up date already past is history brought along, not one to announce now.
      followUpAnnouncedAt: followUpAt && followUpAt.getTime() <= Date.now() ? followUpAt : null,
      publisher: row.publisher ?? null,
      cvId: null,
      coverLetterId: null,
      jobListingId: null,
      tailoringPending: false,
      tailoringReport: null,
    };
    // Each row stamped with the time of its insert (see ApplicationsRepository.create): the file's order stays the
    // applications' order, and a new export lists them as the file did.
    return (await this.applications.createApplication(owner, application, 'Application imported', shownOf(application))) !== undefined;
  }
}

/** The records of a CSV as arrays of cells, blank lines left out; a file that does not parse is a 400 naming where. */
function readCsv(text: string): string[][] {
  try {
    return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new ApiError(HttpStatus.BAD_REQUEST, `Malformed CSV: ${error.message}`);
    throw error;
  }
}

/** The export's columns the header names, in its order; a header that is missing, or names an unknown column or one twice, is a 400. */
function headerColumns(header: string[] | undefined): Column[] {
  if (!header) throw ValidationFailedError.field('header', 'is required: the first row names the columns, as the export writes them');
  const problems: string[] = [];
  const columns = header.map((cell) => {
    const name = cell.trim();
    const column = APPLICATION_CSV_COLUMNS.find((known) => known.name === name);
    if (!column) problems.push(`names an unknown column "${name}" (the columns are ${APPLICATION_CSV_COLUMN_NAMES.join(', ')})`);
    return column;
  });
  const names = header.map((cell) => cell.trim());
  for (const name of new Set(names.filter((name, position) => names.indexOf(name) !== position))) problems.push(`names the column "${name}" twice`);
  for (const name of REQUIRED_COLUMNS) if (!names.includes(name)) problems.push(`must name the column "${name}"`);
  if (problems.length > 0) throw new ValidationFailedError({ header: problems });
  return columns as Column[];
}
