import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../common/auth/api-caller';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { IdParam } from '../../common/http/id-param';
import { ApiListResponse, ListEnvelope, PagingQuery } from '../../common/http/paging';
import { SuccessResponse, SuccessWithIdResponse } from '../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { RequireAnyFieldPipe } from '../../common/validation/require-any-field.pipe';
import { CreateResumeDto, ResumeDetailResponse, ResumeListItem, UpdateResumeDto } from './dto/resume.dto';
import { RESUME_RATE_LIMITS } from './resumes.limits';
import { ResumesService } from './resumes.service';
import { deleted, item, saved } from '../../common/http/responses';

@ApiTag(
  'Resumes',
  'Resumes and their layout; the default resume is the one section items go to without `cvId`. Export as PDF or JSON Resume, import JSON Resume.',
)
@ApiBadRequestResponse({ description: 'Invalid fields', type: ValidationErrorBody })
@Controller('v1/resume')
export class ResumesController {
  constructor(private readonly resumes: ResumesService) {}

  @Post()
  @Scopes('resume:write')
  @RateLimit(RESUME_RATE_LIMITS.create)
  @ApiOperation({
    operationId: 'createResume',
    summary: 'Create a resume',
    description:
      "Starts as a copy of the default resume's content (new ids), with its hiddenItems, itemOrder, selected summary and " +
      'summary override; later edits of the default do not reach it. Without a default resume it starts empty and becomes the default.',
  })
  @ApiCreatedResponse({ type: SuccessWithIdResponse })
  async create(@Caller() caller: ApiCaller, @Body() body: CreateResumeDto): Promise<SuccessWithIdResponse> {
    return saved(await this.resumes.create(caller, body));
  }

  @Get()
  @Scopes('resume:read')
  @RateLimit(DEFAULT_LIMITS.list)
  @ApiOperation({ operationId: 'listResumes', summary: 'List resumes', description: 'The default resume first, then the most recently updated.' })
  @ApiListResponse(ResumeListItem)
  list(@Caller() caller: ApiCaller, @Query() paging: PagingQuery): Promise<ListEnvelope<ResumeListItem>> {
    return this.resumes.list(caller, paging);
  }

  @Get(':id')
  @Scopes('resume:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({
    operationId: 'getResume',
    summary: 'Read a resume',
    description:
      'Its fields, and `content`: the resolved CV the PDF export renders. `content` carries only what the key may read: ' +
      'the identity needs profile:read, each section `<section>:read`, custom sections custom-sections:read; the parts ' +
      "it may not read are empty (the identity null, with the resume's own jobTitle; a section []).",
  })
  @ApiOkResponse({ type: ResumeDetailResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async get(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<ResumeDetailResponse> {
    return item(await this.resumes.get(caller, id));
  }

  @Patch(':id')
  @Scopes('resume:write')
  @RateLimit(DEFAULT_LIMITS.update)
  @ApiOperation({
    operationId: 'updateResume',
    summary: 'Update a resume',
    description: 'Only the fields sent change; objects sent replace the stored ones. `isDefault: true` moves the default here.',
  })
  @ApiOkResponse({ type: SuccessWithIdResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async update(@Caller() caller: ApiCaller, @IdParam() id: string, @Body(RequireAnyFieldPipe) body: UpdateResumeDto): Promise<SuccessWithIdResponse> {
    await this.resumes.update(caller, id, body);
    return { success: true, id };
  }

  @Delete(':id')
  @Scopes('resume:write')
  @RateLimit(DEFAULT_LIMITS.delete)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'deleteResume',
    summary: 'Delete a resume',
    description: 'With its content. Deleting the default promotes the most recently updated remaining resume; deleting the last one is allowed.',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async remove(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<SuccessResponse> {
    await this.resumes.remove(caller, id);
    return deleted();
  }
}
