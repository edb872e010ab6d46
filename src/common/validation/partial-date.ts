/**
 * Dates as people write them on a CV: a year (`2020`), a month (`2020-03`) or a day (`2020-03-15`), kept at the
 * precision they were given in; where a field took ISO 8601 date-times before, an instant too. The one reading of
 * such a date: PartialDateField validates with it, the sections store and show dates with it, periods compare with it.
 */
export const DATE_PRECISIONS = ['year', 'month', 'day', 'date-time'] as const;
export type DatePrecision = (typeof DATE_PRECISIONS)[number];

export interface PartialDate {
  precision: DatePrecision;
  /** The first instant it covers: a year, month or day starts at midnight UTC. */
  start: Date;
}

/** Which forms a field takes: calendar dates only, or date-times too. */
export interface PartialDateForms {
  dateTimes?: boolean;
}

const CALENDAR_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
/** An offset-less date-time was accepted before and read in UTC, as it still is. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))?$/i;

/**
 * What the document says of a calendar date (its shape; a day beyond the month's end is only the service's to
 * refuse). Written without `\d`, which some validators read as any Unicode digit.
 */
export const PARTIAL_DATE_PATTERN = '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$';

/** The length of each precision's text: `2020`, `2020-03`, `2020-03-15`; a date-time's day. */
const TEXT_LENGTH: Record<DatePrecision, number> = { year: 4, month: 7, day: 10, 'date-time': 10 };

/** The date `value` names in one of the `forms`; undefined for anything else (`2020-13`, `2020-W10`, `2020-02-30`). */
export function parsePartialDate(value: unknown, forms: PartialDateForms = {}): PartialDate | undefined {
  if (typeof value !== 'string') return undefined;
  const calendar = CALENDAR_DATE.exec(value);
  if (calendar) {
    const [, year, month, day] = calendar;
    const start = utcDate([Number(year), Number(month ?? 1), Number(day ?? 1)]);
    return start && { precision: day ? 'day' : month ? 'month' : 'year', start };
  }
  const time = forms.dateTimes ? DATE_TIME.exec(value) : null;
  if (!time) return undefined;
  const [, year, month, day, hour, minute, second, fraction, , sign, offsetHours, offsetMinutes] = time;
  const milliseconds = Math.floor(Number(`0.${fraction ?? 0}`) * 1000);
  const local = utcDate([year, month, day, hour, minute, second ?? 0].map(Number), milliseconds);
  if (!local || (sign && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59))) return undefined;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) : 0;
  const start = new Date(local.getTime() - offset * 60_000);
  return isWithinYears(start) ? { precision: 'date-time', start } : undefined;
}

/**
 * Whether an instant falls within the years a date can name (0001–9999, four digits, as RFC 3339 has them), read in
 * UTC: an offset can carry 0001-01-01 or 9999-12-31 out of them, and such an instant could only be answered as
 * `+010000-01-01T…`, which no client reads as a date-time.
 */
export function isWithinYears(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** A real calendar date and time of day, read in UTC; undefined for year 0, month 13, February 30, 24:00 and the like. */
function utcDate([year, month, day, hour = 0, minute = 0, second = 0]: number[], milliseconds = 0): Date | undefined {
  if (year < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years below 100 as 19xx.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, milliseconds);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/**
 * A stored date as the API answers it: the text it was given in (`2020`, `2020-03`, `2020-03-15`), or an instant's
 * ISO 8601 text in UTC. `stored` is the first instant (a timestamp column) or day (a date column) it covers.
 */
export function partialDateText(stored: Date | string, precision: DatePrecision): string {
  const iso = typeof stored === 'string' ? stored : stored.toISOString();
  return precision === 'date-time' ? iso : iso.slice(0, TEXT_LENGTH[precision]);
}

/**
 * Whether `end` is before `start`, compared at the precision they share: `2020` .. `2020-03` is not (the year holds
 * the month), `2021` .. `2020-05` is. A day and an instant compare as days; two instants as instants.
 */
export function isBefore(end: PartialDate, start: PartialDate): boolean {
  if (end.precision === 'date-time' && start.precision === 'date-time') return end.start < start.start;
  const length = Math.min(TEXT_LENGTH[end.precision], TEXT_LENGTH[start.precision]);
  return end.start.toISOString().slice(0, length) < start.start.toISOString().slice(0, length);
}
