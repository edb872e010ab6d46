import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ApiTag } from '../../common/openapi/tags';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { EventsPage, ListEventsQuery } from './dto/event.dto';
import { EVENT_RETENTION_DAYS } from './event-types';
import { EventsService } from './events.service';

@ApiTag(
  'Events',
  `Changes to the account's applications, interviews, resumes and cover letters, kept ${EVENT_RETENTION_DAYS} days; webhooks deliver the same events.`,
)
@Controller('v1/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Get()
  @Scopes('events:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'List events',
    description:
      `Oldest first, from \`after\` (the last id seen; 0 for the oldest kept). Events are kept ${EVENT_RETENTION_DAYS} days. ` +
      'For clients that prefer pulling to webhooks, or that missed deliveries: call again with the last id of the page while `hasMore` is true.',
  })
  @ApiOkResponse({ type: EventsPage })
  @ApiBadRequestResponse({ description: 'Invalid `after`, `limit` or `type`', type: ValidationErrorBody })
  list(@Caller() caller: ApiCaller, @Query() query: ListEventsQuery): Promise<EventsPage> {
    return this.events.list(caller, query);
  }
}
