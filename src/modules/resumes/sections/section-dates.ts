import { DATE_PRECISIONS, DatePrecision, parsePartialDate, partialDateText } from '../../../common/validation/partial-date';

/**
 * The dates a kind of section item has: a period (`startDate`, `endDate`, with `isCurrent`: experiences, education,
 * projects; timestamp columns, which also take date-times) or one `date` (certificates, awards, publications; date
 * columns). Each date is stored as the first instant or day it covers, beside a `<field>Precision` column, so that
 * it sorts in SQL and is answered as it was sent.
 */
export type SectionDates = 'period' | 'date';

export const SECTION_DATE_FIELDS: Record<SectionDates, readonly string[]> = { period: ['startDate', 'endDate'], date: ['date'] };

export const precisionColumn = (field: string) => `${field}Precision`;

/** A date column and its precision column are set together, the precision one of DATE_PRECISIONS. */
export function precisionCheck(column: string): string {
  const precisions = DATE_PRECISIONS.map((precision) => `'${precision}'`).join(', ');
  return `("${column}" IS NULL AND "${column}_precision" IS NULL) OR ("${column}" IS NOT NULL AND "${column}_precision" IN (${precisions}))`;
}

/** Body → columns: each date sent becomes its first instant (period) or day (date) and its precision; null clears both. */
export function storedDates(dates: SectionDates, body: object): object {
  const columns: Record<string, unknown> = { ...body };
  for (const field of SECTION_DATE_FIELDS[dates]) {
    const value = columns[field];
    if (value === undefined) continue;
    // The body was validated: a date it holds is one.
    const date = value === null ? null : parsePartialDate(value, { dateTimes: dates === 'period' })!;
    columns[field] = date && (dates === 'period' ? date.start : date.start.toISOString().slice(0, 10));
    columns[precisionColumn(field)] = date?.precision ?? null;
  }
  return columns;
}

/** Row → answer: each date as it was sent, without its precision column. */
export function shownDates(dates: SectionDates, row: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...row };
  for (const field of SECTION_DATE_FIELDS[dates]) {
    const precision = shown[precisionColumn(field)] as DatePrecision | null;
    const stored = shown[field] as Date | string | null;
    shown[field] = stored === null || precision === null ? null : partialDateText(stored, precision);
    delete shown[precisionColumn(field)];
  }
  return shown;
}

/**
 * The default order of a kind's items, newest first, as ORDER BY terms on the table aliased `item`:
 * - a period: current items first (isCurrent, or no end date), then by end, then by start, newest first. An end is
 *   the end of what it names (`2020` ends with December 2020), a start its beginning (`2020` starts in January), so
 *   that a year sorts after the months it holds as an end and before them as a start.
 * - one date: by that date, newest first, a year at its beginning; undated items last.
 * Then the order items were added in, for items whose dates are equal.
 */
export function newestFirst(dates: SectionDates | undefined): [term: string, order: 'ASC' | 'DESC', nulls?: 'NULLS FIRST' | 'NULLS LAST'][] {
  const added: [string, 'ASC'] = ['"item"."position"', 'ASC'];
  if (dates === 'date') return [['"item"."date"', 'DESC', 'NULLS LAST'], added];
  if (dates !== 'period') return [added];
  // Read in UTC, where stored dates start, so that adding a month or a year cannot cross a daylight-saving change.
  const endOfPeriod = `timezone('UTC', "item"."end_date") + CASE "item"."end_date_precision"
    WHEN 'year' THEN interval '1 year' WHEN 'month' THEN interval '1 month' WHEN 'day' THEN interval '1 day' ELSE interval '0' END`;
  return [
    ['("item"."is_current" OR "item"."end_date" IS NULL)', 'DESC'],
    // A current item's stored end date is ignored.
    [`CASE WHEN "item"."is_current" THEN NULL ELSE ${endOfPeriod} END`, 'DESC', 'NULLS FIRST'],
    ['"item"."start_date"', 'DESC', 'NULLS LAST'],
    added,
  ];
}
