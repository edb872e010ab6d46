import { ValidateBy } from 'class-validator';
import { ValidationFailedError } from '../errors/api-errors';
import { isBefore, PartialDate, parsePartialDate } from './partial-date';

/** The dates of something that lasts, as a body sends them: section items' dates, or custom section items' free text. */
export interface Period {
  startDate?: unknown;
  endDate?: unknown;
  isCurrent?: unknown;
}

/**
 * Which dates of a period are compared. A section item's are dates at any precision (`partial`). A custom section
 * item's are free text, compared only when both are days or instants (`full`): "2019" there is text like "summer 2019".
 */
export type PeriodDates = 'partial' | 'full';

export const END_BEFORE_START_MESSAGE = 'must not be before startDate';

function dateOf(value: unknown, dates: PeriodDates): PartialDate | undefined {
  const date = parsePartialDate(value, { dateTimes: true });
  return dates === 'partial' || date?.precision === 'day' || date?.precision === 'date-time' ? date : undefined;
}

/**
 * Whether the period ends before it starts, at the precision both dates share. An ongoing period (`isCurrent`) has
 * no end (its endDate is ignored and shown as null), so it never does; nor does one whose dates are not both dates.
 */
export function endsBeforeStart({ startDate, endDate, isCurrent }: Period, dates: PeriodDates): boolean {
  if (isCurrent === true) return false;
  const [start, end] = [dateOf(startDate, dates), dateOf(endDate, dates)];
  return start !== undefined && end !== undefined && isBefore(end, start);
}

/** On a body's `endDate`: it must not be before the body's `startDate` (a PATCH also compares stored values: assertPeriod). */
export function NotBeforeStartDate(dates: PeriodDates): PropertyDecorator {
  return ValidateBy({
    name: 'notBeforeStartDate',
    validator: {
      validate: (endDate, args) => !endsBeforeStart({ ...(args?.object as Period), endDate }, dates),
      defaultMessage: () => END_BEFORE_START_MESSAGE,
    },
  });
}

/** A 400 on `endDate` when the period, as it will be stored, ends before it starts. */
export function assertPeriod(period: Period, dates: PeriodDates): void {
  if (endsBeforeStart(period, dates)) throw ValidationFailedError.field('endDate', END_BEFORE_START_MESSAGE);
}

/** Whether a change touches the period, so that the stored dates must be read to check it. */
export function changesPeriod(changes: object): boolean {
  return ['startDate', 'endDate', 'isCurrent'].some((field) => field in changes);
}
