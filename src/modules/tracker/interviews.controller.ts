import { Body, Controller, Delete, HttpCode, HttpStatus, Patch, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { IdParam } from '../../common/http/id-param';
import { SuccessResponse, SuccessWithIdResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import { CreateInterviewDto, UpdateInterviewDto } from './dto/interview.dto';
import { InterviewsService } from './interviews.service';
import { deleted, saved } from '../../common/http/responses';

/** Interviews are written here and read with their application (`GET /v1/tracker/applications/{id}`). */
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
