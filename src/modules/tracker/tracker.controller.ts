import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { CodedErrorBody, ErrorBody, RetryLaterBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { IdParam } from '../../common/http/id-param';
import { ApiListResponse } from '../../common/http/paging';
import { SuccessResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import {
  ApplicationDetailResponse,
  ApplicationSummary,
  CreateApplicationDto,
  CreateApplicationResponse,
  ListApplicationsQuery,
  UpdateApplicationDto,
  UpdatedApplication,
} from './dto/application.dto';
import { TRACKER_RATE_LIMITS } from './tracker.limits';
import { TrackerService } from './tracker.service';
import { TailoringErrorCode } from '../tailoring/tailoring.exception';
import { DuplicateJobUrlBody, PlanRequiredBody, TrackerErrorCode } from './tracker.exception';
import { deleted, item } from '../../common/http/responses';
import type { AsJson } from '../../database/json-columns';

@ApiTag('Tracker', 'Job applications through their pipeline statuses, each change recorded in a timeline, and their interviews.')
@ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
@Controller('v1/tracker/applications')
export class TrackerController {
  constructor(private readonly tracker: TrackerService) {}

  @Post()
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.create)
  @ApiOperation({
    operationId: 'createApplication',
    summary: 'Track a job application',
    description:
      'Creates an application in `watchlist`. When an application with the same (normalized) `jobUrl` exists, ' +
      'nothing is created and that one is answered with `existing: true` and status 200.',
  })
  @ApiCreatedResponse({
    description: 'Created',
    type: CreateApplicationResponse,
    example: { success: true, applicationId: '0d6f8f0e-7a8e-4a53-9a43-2f7c1c6c9d10', existing: false, autoPrepare: false },
  })
  @ApiOkResponse({
    description: 'An application with this jobUrl already exists; nothing was created',
    type: CreateApplicationResponse,
    example: { success: true, applicationId: '0d6f8f0e-7a8e-4a53-9a43-2f7c1c6c9d10', existing: true },
  })
  @ApiErrorResponse(
    400,
    `Invalid fields (also a \`cvId\` that is not one of your resumes, or a salaryMin above salaryMax); or, with autoPrepare, \`${TrackerErrorCode.NO_DEFAULT_RESUME}\` (the account has no default resume) or \`${TrackerErrorCode.JOB_DESCRIPTION_TOO_SHORT}\``,
    ValidationErrorBody,
    CodedErrorBody,
  )
  @ApiErrorResponse(403, `\`${TrackerErrorCode.PLAN_REQUIRED}\`: autoPrepare without the Plus plan and auto-prepare feature`, PlanRequiredBody)
  @ApiErrorResponse(503, `\`${TailoringErrorCode.QUEUE_UNAVAILABLE}\`: autoPrepare while its queue cannot take work; nothing was created`, RetryLaterBody)
  async create(
    @Caller() caller: ApiCaller,
    @Body() body: CreateApplicationDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreateApplicationResponse> {
    const result = await this.tracker.create(caller, body);
    response.status(result.existing ? HttpStatus.OK : HttpStatus.CREATED);
    return result;
  }

  @Get()
  @Scopes('tracker:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({
    operationId: 'listApplications',
    summary: 'List applications',
    description:
      'Newest first unless `sort` says otherwise. Filter by `status` or `archived` bucket, by `priority`, and search title, company and location with `q`.',
  })
  @ApiListResponse(ApplicationSummary)
  list(@Caller() caller: ApiCaller, @Query() query: ListApplicationsQuery) {
    return this.tracker.list(caller, query);
  }

  @Get(':id')
  @Scopes('tracker:read')
  @RateLimit(TRACKER_RATE_LIMITS.getApplication)
  @ApiOperation({
    operationId: 'getApplication',
    summary: 'Read an application',
    description: 'With its job description, the 20 latest timeline entries and its interviews.',
  })
  @ApiOkResponse({ type: ApplicationDetailResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async get(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<AsJson<ApplicationDetailResponse>> {
    return item(await this.tracker.get(caller, id));
  }

  @Patch(':id')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateApplication',
    summary: 'Update an application',
    description: 'A change of `status` adds a timeline entry; moving to `applied` sets `appliedDate` when empty. Nullable fields take null to clear them.',
  })
  @ApiOkResponse({ type: UpdatedApplication })
  @ApiErrorResponse(
    400,
    'Invalid fields: also a `cvId` or `coverLetterId` that is not one of yours, and a salaryMin above salaryMax (the stored one when only one is sent)',
    ValidationErrorBody,
  )
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiErrorResponse(
    409,
    `\`${TrackerErrorCode.DUPLICATE_JOB_URL}\`: another of your applications has this jobUrl; \`existingId\` names it`,
    DuplicateJobUrlBody,
  )
  update(@Caller() caller: ApiCaller, @IdParam() id: string, @Body(RequireAnyFieldPipe) body: UpdateApplicationDto): Promise<UpdatedApplication> {
    return this.tracker.update(caller, id, body);
  }

  @Delete(':id')
  @Scopes('tracker:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'deleteApplication',
    summary: 'Delete an application',
    description: 'Permanent; its timeline goes with it. A linked resume is kept.',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<SuccessResponse> {
    await this.tracker.remove(caller, id);
    return deleted();
  }
}
