import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../../common/auth/api-caller';
import { Scopes } from '../../../common/auth/auth.decorators';
import { ValidationErrorBody } from '../../../common/errors/error-body.dto';
import { item } from '../../../common/http/responses';
import { DEFAULT_LIMITS, RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { APPLICATION_STATUSES } from '../application-status';
import { InsightsQuery, TrackerInsightsResponse } from './insights.dto';
import { InsightsService } from './insights.service';

const INSIGHTS_EXAMPLE = {
  data: {
    from: '2026-11-02',
    to: '2026-11-15',
    weeks: [
      { week: '2026-W45', start: '2026-11-02', added: 3, applied: 2 },
      { week: '2026-W46', start: '2026-11-09', added: 1, applied: 2 },
    ],
    funnel: { added: 4, applied: 4, response: 2, interview: 1, offer: 0, accepted: 0 },
    bySource: [
      { source: 'LinkedIn', applied: 3, responded: 1, responseRate: 0.3333, medianDaysToFirstResponse: 6 },
      { source: 'Referral', applied: 1, responded: 1, responseRate: 1, medianDaysToFirstResponse: 2.5 },
    ],
    byResume: [
      { cvId: '5f0c6a52-3c1e-4d2a-9a55-6b1f0c9e2d11', applied: 3, responded: 2, responseRate: 0.6667, medianDaysToFirstResponse: 4.25 },
      { cvId: null, applied: 1, responded: 0, responseRate: 0, medianDaysToFirstResponse: null },
    ],
    statusDurations: APPLICATION_STATUSES.map((status) =>
      status === 'watchlist'
        ? { status, stays: 4, medianDays: 1.5 }
        : status === 'applied'
          ? { status, stays: 2, medianDays: 4.25 }
          : status === 'screening'
            ? { status, stays: 1, medianDays: 3 }
            : { status, stays: 0, medianDays: null },
    ),
  },
};

@ApiTags('Tracker')
@Controller('v1/tracker/insights')
export class InsightsController {
  constructor(private readonly insights: InsightsService) {}

  @Get()
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({
    operationId: 'getTrackerInsights',
    summary: 'How the job search is going',
    description:
      'Exact figures from the applications’ timelines, for the days from `from` to `to` (UTC; by default the last 12 ISO weeks): ' +
      'applications added and applied per ISO week; and, for the applications added in the range, the funnel (how many reached ' +
      '`applied`, an answer, an interview, an offer, `accepted`: a status implies the stages before it, so a skipped status still counts), ' +
      'the response rate and median days to the first answer by `source` and by resume sent (`cvId`), and the median days spent in each status.',
  })
  @ApiOkResponse({ type: TrackerInsightsResponse, example: INSIGHTS_EXAMPLE })
  @ApiBadRequestResponse({ description: 'A `from` or `to` that is not a date, `to` before `from`, or a range over the limit', type: ValidationErrorBody })
  async get(@Caller() caller: ApiCaller, @Query() query: InsightsQuery): Promise<TrackerInsightsResponse> {
    return item(await this.insights.get(caller, query));
  }
}
