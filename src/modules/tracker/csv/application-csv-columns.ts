/**
 * The columns of the application CSV, in the order the export writes them: one table for the export and the import.
 * `imported: false` marks what an import ignores: the ids and timestamps of the account the file came from, links
 * to its records (a resume, a cover letter, a listing, which another account does not have), and what is derived
 * (`isArchived`). `integer` cells are read as numbers; every other cell is text.
 */
export const APPLICATION_CSV_COLUMNS = [
  { name: 'id', imported: false },
  { name: 'jobTitle', imported: true },
  { name: 'company', imported: true },
  { name: 'location', imported: true },
  { name: 'jobUrl', imported: true },
  { name: 'status', imported: true },
  { name: 'source', imported: true },
  { name: 'priority', imported: true, integer: true },
  { name: 'notes', imported: true },
  { name: 'salaryMin', imported: true, integer: true },
  { name: 'salaryMax', imported: true, integer: true },
  { name: 'salaryPeriod', imported: true },
  { name: 'salaryCurrency', imported: true },
  { name: 'appliedDate', imported: true },
  { name: 'deadline', imported: true },
  { name: 'followUpAt', imported: true },
  { name: 'publisher', imported: true },
  { name: 'jobDescription', imported: true },
  { name: 'cvId', imported: false },
  { name: 'coverLetterId', imported: false },
  { name: 'jobListingId', imported: false },
  { name: 'isArchived', imported: false },
  { name: 'createdAt', imported: false },
  { name: 'updatedAt', imported: false },
  { name: 'postedAt', imported: true },
] as const satisfies readonly { name: string; imported: boolean; integer?: true }[];

export type ApplicationCsvColumn = (typeof APPLICATION_CSV_COLUMNS)[number]['name'];
export const APPLICATION_CSV_COLUMN_NAMES: readonly ApplicationCsvColumn[] = APPLICATION_CSV_COLUMNS.map((column) => column.name);

/**
 * What a spreadsheet would run as a formula when a cell begins with it (OWASP, "CSV Injection"): `=`, `+`, `-`, `@`,
 * and a tab or carriage return, after which some spreadsheets look again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPE = "'";

/** A text that an export escapes: one a spreadsheet would take for a formula, or one that would read back as escaped. */
function needsEscape(text: string): boolean {
  return FORMULA_START.test(text) || (text.startsWith(ESCAPE) && needsEscape(text.slice(1)));
}

/**
 * A text cell as the export writes it: prefixed with `'` when a spreadsheet would run it as a formula, which makes
 * spreadsheets show it as text (OWASP's advice). A text that begins with `'` before such a start is prefixed too, so
 * that `importedText` can take the prefix off again: the import gives back exactly the text that was exported.
 */
export function exportedText(text: string): string {
  return needsEscape(text) ? `${ESCAPE}${text}` : text;
}

/** The text an exported cell stands for: the export's `'` prefix (see exportedText) taken off; any other cell as it is. */
export function importedText(cell: string): string {
  return cell.startsWith(ESCAPE) && needsEscape(cell.slice(1)) ? cell.slice(1) : cell;
}
