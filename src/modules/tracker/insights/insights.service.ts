import { Injectable } from '@nestjs/common';
import type { ApiCaller } from '../../../common/auth/api-caller';
import { ValidationFailedError } from '../../../common/errors/api-errors';
import { INSIGHTS_LIMITS, InsightsQuery, TrackerInsights } from './insights.dto';
import { InsightsRepository } from './insights.repository';

const DAY_MS = 86_400_000;

@Injectable()
export class InsightsService {
  constructor(private readonly insights: InsightsRepository) {}

  /** The figures of the days from `from` to `to` (both included, in UTC); see InsightsRepository for how each is read. */
  async get(caller: ApiCaller, query: InsightsQuery): Promise<TrackerInsights> {
    const to = query.to ? day(query.to) : day(new Date().toISOString().slice(0, 10));
    const from = query.from ? day(query.from) : weeksBefore(to, INSIGHTS_LIMITS.defaultWeeks);
    if (to < from) throw ValidationFailedError.field('to', 'must not be before from');
    if ((to.getTime() - from.getTime()) / DAY_MS >= INSIGHTS_LIMITS.maxDays) {
      throw ValidationFailedError.field('to', `must be at most ${INSIGHTS_LIMITS.maxDays} days after from`);
    }
    const figures = await this.insights.insights(caller, from, new Date(to.getTime() + DAY_MS));
    return { from: isoDay(from), to: isoDay(to), ...figures };
  }
}

function day(text: string): Date {
  return new Date(`${text}T00:00:00Z`);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Monday `weeks - 1` ISO weeks before the week of `day`: the first day of `weeks` whole weeks that end with it. */
function weeksBefore(day: Date, weeks: number): Date {
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - (sinceMonday + 7 * (weeks - 1)) * DAY_MS);
}
