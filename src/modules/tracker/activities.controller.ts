import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { IdParam } from '../../common/http/id-param';
import { ApiListResponse, ListEnvelope, PagingQuery } from '../../common/http/paging';
import { deleted, saved } from '../../common/http/responses';
import { SuccessResponse, SuccessWithIdResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import type { AsJson } from '../../database/json-columns';
import { ActivitiesService } from './activities.service';
import { ActivityView, CreateActivityDto, UpdateActivityDto } from './dto/activity.dto';

/** Activities a person records on an application's timeline, shown there among the status changes. */
@ApiTags('Tracker')
@ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
@ApiNotFoundResponse({
  description: 'No such application (or activity of it) in this account; a status change is no activity, so naming one is a 404 too',
  type: ErrorBody,
})
@Controller('v1/tracker/applications/:id/activities')
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  @Post()
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.create)
  @ApiOperation({
    operationId: 'addActivity',
    summary: 'Record an activity',
    description:
      "A note, email, call, message or follow-up: it joins the application's timeline as the latest entry, whatever its `occurredAt`, with the application's current status.",
  })
  @ApiCreatedResponse({ type: SuccessWithIdResponse })
  async create(@Caller() caller: ApiCaller, @IdParam() id: string, @Body() body: CreateActivityDto): Promise<SuccessWithIdResponse> {
    return saved(await this.activities.create(caller, id, body));
  }

  @Get()
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({ operationId: 'listActivities', summary: "List an application's activities", description: 'The latest `occurredAt` first.' })
  @ApiListResponse(ActivityView)
  list(@Caller() caller: ApiCaller, @IdParam() id: string, @Query() query: PagingQuery): Promise<ListEnvelope<AsJson<ActivityView>>> {
    return this.activities.list(caller, id, query);
  }

  @Patch(':activityId')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateActivity',
    summary: 'Update an activity',
    description: 'Only the fields sent change; the entry keeps its place in the timeline. Status changes cannot be edited.',
  })
  @ApiOkResponse({ type: SuccessWithIdResponse })
  async update(
    @Caller() caller: ApiCaller,
    @IdParam() id: string,
    @IdParam('activityId') activityId: string,
    @Body(RequireAnyFieldPipe) body: UpdateActivityDto,
  ): Promise<SuccessWithIdResponse> {
    await this.activities.update(caller, id, activityId, body);
    return saved(activityId);
  }

  @Delete(':activityId')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'deleteActivity', summary: 'Delete an activity', description: 'Status changes cannot be deleted.' })
  @ApiOkResponse({ type: SuccessResponse })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string, @IdParam('activityId') activityId: string): Promise<SuccessResponse> {
    await this.activities.remove(caller, id, activityId);
    return deleted();
  }
}
