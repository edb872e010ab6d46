import { ValidateBy } from 'class-validator';
import { ValidationFailedError } from '../errors/api-errors';

/** The dates of something that lasts: stored as instants (section items) or as free text (custom section items). */
export interface Period {
  startDate?: unknown;
  endDate?: unknown;
  isCurrent?: unknown;
}

export const END_BEFORE_START_MESSAGE = 'must not be before startDate';

/** An ISO 8601 date or date-time; other text ("2019", "present") has no instant to compare. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/i;

function instant(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const isDay = (value: unknown) => typeof value === 'string' && value.length === 10;

/**
 * Whether the period ends before it starts. An ongoing period (`isCurrent`) has no end (its endDate is ignored and
 * shown as null), so it never does; nor does one whose dates are not both dates. When either date is a calendar day,
 * days are compared: a period may end on the day it starts.
 */
export function endsBeforeStart({ startDate, endDate, isCurrent }: Period): boolean {
  if (isCurrent === true) return false;
  const [start, end] = [instant(startDate), instant(endDate)];
  if (!start || !end) return false;
  if (isDay(startDate) || isDay(endDate)) return end.toISOString().slice(0, 10) < start.toISOString().slice(0, 10);
  return end < start;
}

/** On a body's `endDate`: it must not be before the body's `startDate` (a PATCH also compares stored values: assertPeriod). */
export function NotBeforeStartDate(): PropertyDecorator {
  return ValidateBy({
    name: 'notBeforeStartDate',
    validator: {
      validate: (endDate, args) => !endsBeforeStart({ ...(args?.object as Period), endDate }),
      defaultMessage: () => END_BEFORE_START_MESSAGE,
    },
  });
}

/** A 400 on `endDate` when the period, as it will be stored, ends before it starts. */
export function assertPeriod(period: Period): void {
  if (endsBeforeStart(period)) throw ValidationFailedError.field('endDate', END_BEFORE_START_MESSAGE);
}

/** Whether a change touches the period, so that the stored dates must be read to check it. */
export function changesPeriod(changes: object): boolean {
  return ['startDate', 'endDate', 'isCurrent'].some((field) => field in changes);
}
