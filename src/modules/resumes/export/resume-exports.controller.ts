import { Body, Controller, Get, HttpCode, HttpStatus, Post, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiCaller, Caller } from '../../../common/auth/api-caller';
import { Scopes } from '../../../common/auth/auth.decorators';
import { ApiErrorResponse } from '../../../common/errors/api-error-response.decorator';
import { CodedErrorBody, ErrorBody, LimitErrorBody, RetryLaterBody, ValidationErrorBody } from '../../../common/errors/error-body.dto';
import { IdParam } from '../../../common/http/id-param';
import { ChangesNothing } from '../../../common/idempotency/changes-nothing.decorator';
import { SuccessWithIdResponse } from '../../../common/http/responses.dto';
import { DEFAULT_LIMITS, RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { JSON_RESUME_SCHEMA_URL, JsonObject, JsonResumeDocument } from './json-resume';
import { CONTENT_LIMIT_REFUSAL, RESUME_RATE_LIMITS } from '../resumes.limits';
import { ResumeExportsService } from './resume-exports.service';
import { ResumeErrorCode } from '../resumes.exception';

class JsonResumeImportResponse extends SuccessWithIdResponse {
  @ApiProperty({ description: 'Profile fields that were empty and were set from `basics` (needs the profile:write scope)', example: ['fullName', 'phone'] })
  profileFieldsFilled: string[];

  @ApiProperty({
    description: 'Paths of document fields that have no place in a resume and were not imported',
    example: ['work[0].url', 'basics.profiles[0].username'],
  })
  ignored: string[];
}

const JSON_RESUME_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  description: `A JSON Resume v1.0.0 document (${JSON_RESUME_SCHEMA_URL})`,
  externalDocs: { url: 'https://jsonresume.org/schema' },
  example: {
    basics: { name: 'Ada Lovelace', label: 'Backend Engineer', email: 'ada@example.com', summary: 'Engineer who builds reliable APIs.' },
    work: [{ name: 'Acme', position: 'Backend Engineer', startDate: '2021-03-01', highlights: ['Cut p99 latency by 40%'] }],
    skills: [{ name: 'TypeScript', level: 'Expert', keywords: ['NestJS', 'Node.js'] }],
  },
};

const PDF_SCHEMA = { type: 'string', format: 'binary' };

@ApiTags('Resumes')
@Controller('v1/resume')
export class ResumeExportsController {
  constructor(private readonly exports: ResumeExportsService) {}

  @Post(':id/export/pdf')
  @ChangesNothing()
  @Scopes('resume:export')
  @RateLimit(RESUME_RATE_LIMITS.exportPdf)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    operationId: 'exportResumePdf',
    summary: 'Export a resume as PDF',
    description:
      "Renders exactly the resolved `content` of GET /v1/resume/{id} with the resume's template (`classic`, `modern`, `minimal`), " +
      'designSettings (fonts, `pageSize` A4 or Letter) and optionalFields, as a PDF with selectable text. The file name is `First_Last_JobTitle.pdf`. Like the read, it shows only the parts ' +
      'the key may read (the identity with profile:read, each section with its own read scope); without the name the file name starts with `Resume`.',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The PDF file',
    content: { 'application/pdf': { schema: PDF_SCHEMA } },
    headers: { 'Content-Disposition': { description: 'attachment; filename="First_Last_JobTitle.pdf"', schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ type: ErrorBody })
  @ApiErrorResponse(409, `\`${ResumeErrorCode.RESUME_PROCESSING}\`: an autoPrepare job is still tailoring this resume`, CodedErrorBody)
  @ApiErrorResponse(
    503,
    `\`${ResumeErrorCode.PDF_RENDER_TIMEOUT}\`: the file was not rendered within the service's time limit (busy render threads or machine); retry after \`retryAfter\` seconds`,
    RetryLaterBody,
  )
  async pdf(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<StreamableFile> {
    const { filename, file } = await this.exports.pdf(caller, id);
    return new StreamableFile(file, { type: 'application/pdf', disposition: `attachment; filename="${filename}"`, length: file.length });
  }

  @Get(':id/export/json-resume')
  @Scopes('resume:read')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({
    operationId: 'exportJsonResume',
    summary: 'Export a resume as JSON Resume',
    description:
      'The resolved content as a JSON Resume v1.0.0 document (the document itself, not wrapped in `data`): what the CV shows, ' +
      "in its order, and like the read only the parts the key may read. Empty fields are left out. See the README's API notes for how sections map.",
  })
  @ApiOkResponse({ description: 'A JSON Resume document', schema: JSON_RESUME_SCHEMA })
  @ApiNotFoundResponse({ type: ErrorBody })
  jsonResume(@Caller() caller: ApiCaller, @IdParam() id: string): Promise<JsonResumeDocument> {
    return this.exports.jsonResume(caller, id);
  }

  @Post('import/json-resume')
  @Scopes('resume:write')
  @RateLimit(RESUME_RATE_LIMITS.importJsonResume)
  @ApiOperation({
    operationId: 'importJsonResume',
    summary: 'Create a resume from a JSON Resume document',
    description:
      "Creates a new resume (not the default, unless it is the only one) with the document's sections, its basics.summary as the " +
      'selected summary and basics.label as jobTitle. Identity (name, email, phone, location, image, url, profiles) belongs to the ' +
      'profile: it only fills profile fields that are empty, and only when the key also has profile:write. volunteer and references ' +
      'become the custom sections "Volunteering" and "References"; languages become skills of category LANGUAGE. The key also needs ' +
      'the write scope of each section the document fills (work: experiences:write, volunteer and references: custom-sections:write, ' +
      'basics.summary: summaries:write, …): without one, 403 naming it, and nothing is written.',
  })
  @ApiBody({ schema: JSON_RESUME_SCHEMA })
  @ApiCreatedResponse({ type: JsonResumeImportResponse })
  @ApiErrorResponse(
    400,
    `Not valid JSON Resume, or a field breaks a rule of the record it becomes (\`details\` keys are JSON paths); or ${CONTENT_LIMIT_REFUSAL}`,
    ValidationErrorBody,
    LimitErrorBody,
  )
  async importJsonResume(@Caller() caller: ApiCaller, @Body() document: JsonObject): Promise<JsonResumeImportResponse> {
    return { success: true, ...(await this.exports.importJsonResume(caller, document)) };
  }
}
