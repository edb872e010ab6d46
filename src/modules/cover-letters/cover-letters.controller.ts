import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ApiErrorResponse } from '../../common/errors/api-error-response.decorator';
import { ErrorBody, UpgradeRequiredBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { IdParam } from '../../common/http/id-param';
import { ApiListResponse, PagingQuery } from '../../common/http/paging';
import { SuccessResponse, SuccessWithIdResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import { CoverLettersService } from './cover-letters.service';
import {
  COVER_LETTER_RATE_LIMITS,
  CoverLetterExistsBody,
  CoverLetterResponse,
  CoverLetterSummary,
  CreateCoverLetterDto,
  UpdateCoverLetterDto,
} from './dto/cover-letter.dto';
import { deleted, item, saved } from '../../common/http/responses';

/** The plan's 403, beside the scope's 403 of `@Scopes`. */
const PlusPlanOnly = () => ApiErrorResponse(403, 'On the free plan: `{error, requiresUpgrade: true}`', UpgradeRequiredBody);

@ApiTag('Cover letters', 'One cover letter per resume. Writing one needs the Plus plan; reading and deleting do not.')
@ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
@Controller('v1/cover-letter')
export class CoverLettersController {
  constructor(private readonly coverLetters: CoverLettersService) {}

  @Post()
  @Scopes('cover-letter:write')
  @RateLimit(COVER_LETTER_RATE_LIMITS.create)
  @ApiOperation({
    operationId: 'createCoverLetter',
    summary: 'Write a cover letter for a resume',
    description: 'Plus plan. A resume has at most one cover letter.',
  })
  @ApiCreatedResponse({ type: SuccessWithIdResponse })
  @ApiNotFoundResponse({ description: '`cvId` is not one of your resumes', type: ErrorBody })
  @PlusPlanOnly()
  @ApiConflictResponse({ description: 'The resume already has a cover letter: `existingId` names it', type: CoverLetterExistsBody })
  async create(@Caller() caller: ApiCaller, @Body() body: CreateCoverLetterDto): Promise<SuccessWithIdResponse> {
    return saved(await this.coverLetters.create(caller, body));
  }

  @Get()
  @Scopes('cover-letter:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({ operationId: 'listCoverLetters', summary: 'List cover letters', description: 'Newest first, without the body text. Any plan.' })
  @ApiListResponse(CoverLetterSummary)
  list(@Caller() caller: ApiCaller, @Query() paging: PagingQuery) {
    return this.coverLetters.list(caller, paging);
  }

  @Get(':id')
  @Scopes('cover-letter:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({ operationId: 'getCoverLetter', summary: 'Read a cover letter', description: 'Any plan.' })
  @ApiOkResponse({ type: CoverLetterResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async get(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<CoverLetterResponse> {
    return item(await this.coverLetters.get(caller, id));
  }

  @Patch(':id')
  @Scopes('cover-letter:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateCoverLetter',
    summary: 'Update a cover letter',
    description:
      'Plus plan. Any field but `cvId`; at least one. `templateId: null` and `variables: null` clear them; `isDefault: true` moves the default here.',
  })
  @ApiOkResponse({ type: SuccessWithIdResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  @PlusPlanOnly()
  async update(@Caller() caller: ApiCaller, @IdParam() id: string, @Body(RequireAnyFieldPipe) body: UpdateCoverLetterDto): Promise<SuccessWithIdResponse> {
    await this.coverLetters.update(caller, id, body);
    return { success: true, id };
  }

  @Delete(':id')
  @Scopes('cover-letter:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'deleteCoverLetter',
    summary: 'Delete a cover letter',
    description: 'Permanent. Any plan. Deleting its resume also deletes it.',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<SuccessResponse> {
    await this.coverLetters.remove(caller, id);
    return deleted();
  }
}
