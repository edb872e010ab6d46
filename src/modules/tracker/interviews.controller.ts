import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { IdParam } from '../../common/http/id-param';
import { ApiListResponse, ListEnvelope, PagingQuery } from '../../common/http/paging';
import { SuccessResponse, SuccessWithIdResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import type { AsJson } from '../../database/json-columns';
import { TRACKER_RATE_LIMITS } from './tracker.limits';
import {
  CreateInterviewDto,
  InterviewDetail,
  InterviewDetailResponse,
  ListScheduledInterviewsQuery,
  ScheduledInterview,
  UpdateInterviewDto,
} from './dto/interview.dto';
import { InterviewsService } from './interviews.service';
import { deleted, item, saved } from '../../common/http/responses';

/** An application's interviews; its single read (`GET /v1/tracker/applications/{id}`) also shows them, in the specification's fields. */
@ApiTags('Tracker')
@ApiBadRequestResponse({ description: 'Invalid fields, or a `contactId` that is not one of your contacts', type: ValidationErrorBody })
@ApiNotFoundResponse({ description: 'No such application (or interview of it) in this account', type: ErrorBody })
@Controller('v1/tracker/applications/:id/interviews')
export class InterviewsController {
  constructor(private readonly interviews: InterviewsService) {}

  @Post()
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.create)
  @ApiOperation({ operationId: 'addInterview', summary: 'Schedule an interview', description: 'Shown in the application read, in date order.' })
  @ApiCreatedResponse({ type: SuccessWithIdResponse })
  async create(@Caller() caller: ApiCaller, @IdParam() id: string, @Body() body: CreateInterviewDto): Promise<SuccessWithIdResponse> {
    return saved(await this.interviews.create(caller, id, body));
  }

  @Get()
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({ operationId: 'listInterviews', summary: "List an application's interviews", description: 'In date order, with every field.' })
  @ApiListResponse(InterviewDetail)
  list(@Caller() caller: ApiCaller, @IdParam() id: string, @Query() query: PagingQuery) {
    return this.interviews.list(caller, id, query);
  }

  @Get(':interviewId')
  @Scopes('tracker:read')
  @RateLimit(TRACKER_RATE_LIMITS.getInterview)
  @ApiOperation({ operationId: 'getInterview', summary: 'Read an interview' })
  @ApiOkResponse({ type: InterviewDetailResponse })
  async get(@Caller() caller: ApiCaller, @IdParam() id: string, @IdParam('interviewId') interviewId: string): Promise<AsJson<InterviewDetailResponse>> {
    return item(await this.interviews.get(caller, id, interviewId));
  }

  @Patch(':interviewId')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateInterview',
    summary: 'Update an interview',
    description: 'Only the fields sent change; `notes: null` clears the notes, `contactId: null` unlinks the contact.',
  })
  @ApiOkResponse({ type: SuccessWithIdResponse })
  async update(
    @Caller() caller: ApiCaller,
    @IdParam() id: string,
    @IdParam('interviewId') interviewId: string,
    @Body(RequireAnyFieldPipe) body: UpdateInterviewDto,
  ): Promise<SuccessWithIdResponse> {
    await this.interviews.update(caller, id, interviewId, body);
    return saved(interviewId);
  }

  @Delete(':interviewId')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'deleteInterview', summary: 'Delete an interview' })
  @ApiOkResponse({ type: SuccessResponse })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string, @IdParam('interviewId') interviewId: string): Promise<SuccessResponse> {
    await this.interviews.remove(caller, id, interviewId);
    return deleted();
  }
}

/** The account's interviews across its applications: what is coming up. */
@ApiTags('Tracker')
@ApiBadRequestResponse({ description: 'Invalid `from` or `to`, or `to` not after `from`', type: ValidationErrorBody })
@Controller('v1/tracker/interviews')
export class ScheduledInterviewsController {
  constructor(private readonly interviews: InterviewsService) {}

  @Get()
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({
    operationId: 'listScheduledInterviews',
    summary: 'List interviews across your applications',
    description: 'Soonest first, each with its application (id, jobTitle, company): those at or after `from` (default now) and before `to`.',
  })
  @ApiListResponse(ScheduledInterview)
  list(@Caller() caller: ApiCaller, @Query() query: ListScheduledInterviewsQuery): Promise<ListEnvelope<AsJson<ScheduledInterview>>> {
    return this.interviews.scheduled(caller, query);
  }
}
