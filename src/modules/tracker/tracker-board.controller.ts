import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { item } from '../../common/http/responses';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { APPLICATION_STATUSES, ApplicationStatus, isArchivedStatus } from './application-status';
import { TrackerBoardResponse } from './dto/application.dto';
import { TrackerService } from './tracker.service';

const EXAMPLE_COUNTS: Partial<Record<ApplicationStatus, number>> = { watchlist: 2, applied: 2, rejected: 1 };
const BOARD_EXAMPLE = {
  data: {
    total: 5,
    active: 4,
    archived: 1,
    statuses: APPLICATION_STATUSES.map((status) => ({ status, count: EXAMPLE_COUNTS[status] ?? 0, isArchived: isArchivedStatus(status) })),
  },
};

@ApiTags('Tracker')
@Controller('v1/tracker/board')
export class TrackerBoardController {
  constructor(private readonly tracker: TrackerService) {}

  @Get()
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({
    operationId: 'getTrackerBoard',
    summary: 'Count applications per status',
    description: 'How many of your applications are in each status (every status, in pipeline order) and in each archive bucket; exact.',
  })
  @ApiOkResponse({ type: TrackerBoardResponse, example: BOARD_EXAMPLE })
  async board(@Caller() caller: ApiCaller): Promise<TrackerBoardResponse> {
    return item(await this.tracker.board(caller));
  }
}
