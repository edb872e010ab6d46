import { ApiProperty } from '@nestjs/swagger';
import { DateField } from '../../../common/validation/field.decorators';
import { APPLICATION_SOURCES, APPLICATION_STATUSES, ApplicationSource, ApplicationStatus } from '../application-status';

/** The range insights cover by default (12 ISO weeks up to `to`), and the longest they take (about five years). */
export const INSIGHTS_LIMITS = { defaultWeeks: 12, maxDays: 1830 } as const;

export class InsightsQuery {
  @DateField({
    optional: true,
    description: `First day counted (UTC), YYYY-MM-DD; defaults to the Monday ${INSIGHTS_LIMITS.defaultWeeks} ISO weeks back, so that ${INSIGHTS_LIMITS.defaultWeeks} whole weeks end with \`to\``,
    example: '2026-09-01',
  })
  from?: string;

  @DateField({
    optional: true,
    description: `Last day counted (UTC), YYYY-MM-DD, included; defaults to today; not before \`from\`, and at most ${INSIGHTS_LIMITS.maxDays} days after it`,
    example: '2026-11-30',
  })
  to?: string;
}

/** One ISO week of the range. */
export class InsightsWeek {
  @ApiProperty({ example: '2026-W47', description: 'ISO 8601 week (Monday to Sunday, UTC)' })
  week: string;
  @ApiProperty({ format: 'date', example: '2026-11-16', description: 'Its Monday (the first and last week may be cut by the range)' })
  start: string;
  @ApiProperty({ example: 4, description: 'Applications added that week (their first timeline entry)' })
  added: number;
  @ApiProperty({ example: 3, description: 'Applications that reached `applied` that week (the first status at `applied` or beyond)' })
  applied: number;
}

/** How many of the applications added in the range reached each stage, by the furthest status their timeline shows. */
export class InsightsFunnel {
  @ApiProperty({ example: 24, description: 'Applications added in the range: every figure below is about them' })
  added: number;
  @ApiProperty({ example: 20, description: 'Reached `applied` or any later status (also `rejected` and `no_response`, which imply it was sent)' })
  applied: number;
  @ApiProperty({ example: 9, description: 'Got an answer: reached `response`, `screening` or any later status, or were `rejected`' })
  response: number;
  @ApiProperty({ example: 5, description: 'Reached `interview_scheduled`, `interviewed` or later' })
  interview: number;
  @ApiProperty({ example: 2, description: 'Reached `offer`, `negotiating` or `accepted`' })
  offer: number;
  @ApiProperty({ example: 1, description: 'Reached `accepted`' })
  accepted: number;
}

/** The answers a group of applied applications got. */
export class ResponseFigures {
  @ApiProperty({ example: 8, description: 'Applications of the group that reached `applied` (as in the funnel)' })
  applied: number;
  @ApiProperty({ example: 3, description: 'Of those, the ones that got an answer (as in the funnel)' })
  responded: number;
  @ApiProperty({ example: 0.375, description: 'responded / applied, rounded to 4 decimals' })
  responseRate: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 4.5,
    description:
      'Median days from reaching `applied` to the first answer, rounded to 2 decimals; over the answered applications whose timeline shows ' +
      '`applied` before the answer (one that skipped it has no time of sending). null when there is none',
  })
  medianDaysToFirstResponse: number | null;
}

export class SourceResponses extends ResponseFigures {
  @ApiProperty({ enum: APPLICATION_SOURCES, enumName: 'ApplicationSource' })
  source: ApplicationSource;
}

export class ResumeResponses extends ResponseFigures {
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The resume sent (`cvId`); null for applications that name none' })
  cvId: string | null;
}

export class StatusDuration {
  @ApiProperty({ enum: APPLICATION_STATUSES, enumName: 'ApplicationStatus' })
  status: ApplicationStatus;
  @ApiProperty({ example: 12, description: 'Stays in the status that ended (the application moved on); one still in it is not counted' })
  stays: number;
  @ApiProperty({ type: Number, nullable: true, example: 6.25, description: 'Median length of those stays in days, rounded to 2 decimals; null without any' })
  medianDays: number | null;
}

export class TrackerInsights {
  @ApiProperty({ format: 'date', example: '2026-09-01' })
  from: string;
  @ApiProperty({ format: 'date', example: '2026-11-30' })
  to: string;
  /** Every ISO week that meets the range, oldest first, with 0 for a week without any. */
  @ApiProperty({ type: [InsightsWeek] })
  weeks: InsightsWeek[];
  funnel: InsightsFunnel;
  /** Per source, the most applied first; applications added in the range that reached `applied`. */
  @ApiProperty({ type: [SourceResponses] })
  bySource: SourceResponses[];
  /** Per resume sent, the most applied first (those naming none last); applications added in the range that reached `applied`. */
  @ApiProperty({ type: [ResumeResponses] })
  byResume: ResumeResponses[];
  /** Every status in pipeline order: how long the applications added in the range stayed in it. */
  @ApiProperty({ type: [StatusDuration] })
  statusDurations: StatusDuration[];
}

export class TrackerInsightsResponse {
  data: TrackerInsights;
}
