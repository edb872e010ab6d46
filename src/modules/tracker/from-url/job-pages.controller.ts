import { Body, Controller, HttpStatus, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiCaller, Caller } from '../../../common/auth/api-caller';
import { Scopes } from '../../../common/auth/auth.decorators';
import { ApiErrorResponse } from '../../../common/errors/api-error-response.decorator';
import { CodedErrorBody, RetryLaterBody, ValidationErrorBody } from '../../../common/errors/error-body.dto';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { TailoringErrorCode } from '../../tailoring/tailoring.exception';
import { CreateApplicationResponse } from '../dto/application.dto';
import { PlanRequiredBody, TrackerErrorCode } from '../tracker.exception';
import { JobPageErrorBody, JobPageErrorCode } from './job-page.exception';
import { JobPagesService } from './job-pages.service';
import { SAVE_FROM_URL_RATE_LIMIT, SaveFromUrlDto } from './save-from-url.dto';

@ApiTags('Tracker')
@Controller('v1/tracker/applications')
export class JobPagesController {
  constructor(private readonly jobPages: JobPagesService) {}

  @Post('from-url')
  @Scopes('tracker:write')
  @RateLimit(SAVE_FROM_URL_RATE_LIMIT)
  @ApiOperation({
    operationId: 'saveApplicationFromUrl',
    summary: "Track a job from its page's URL",
    description:
      'Fetches the page (https, public addresses only; up to 2 MB, 5 redirects, each checked, and 10 s) and reads the ' +
      'schema.org `JobPosting` it publishes (as Greenhouse, Lever, Workday and most job boards do), else its OpenGraph tags ' +
      'and `<title>`: jobTitle, company, location, jobDescription (as text), salary (min, max, period, currency), ' +
      'postedAt and deadline. The application is created as `POST /v1/tracker/applications` creates it, with the URL as ' +
      'its jobUrl: a URL already tracked answers that application with `existing: true` and status 200, without ' +
      'fetching the page. A page without a job title or a company creates nothing.',
  })
  @ApiCreatedResponse({
    description: 'Created from the page',
    type: CreateApplicationResponse,
    example: { success: true, applicationId: '0d6f8f0e-7a8e-4a53-9a43-2f7c1c6c9d10', existing: false, autoPrepare: false },
  })
  @ApiOkResponse({
    description: 'An application with this jobUrl already exists; nothing was fetched or created',
    type: CreateApplicationResponse,
    example: { success: true, applicationId: '0d6f8f0e-7a8e-4a53-9a43-2f7c1c6c9d10', existing: true },
  })
  @ApiErrorResponse(
    400,
    'Invalid fields: also a `url` that is refused before anything is fetched (not http(s), a private, loopback, link-local or reserved address, ' +
      `or a name that does not resolve); or, with autoPrepare, \`${TrackerErrorCode.NO_DEFAULT_RESUME}\` or \`${TrackerErrorCode.JOB_DESCRIPTION_TOO_SHORT}\``,
    ValidationErrorBody,
    CodedErrorBody,
  )
  @ApiErrorResponse(403, `\`${TrackerErrorCode.PLAN_REQUIRED}\`: autoPrepare without the Plus plan and auto-prepare feature`, PlanRequiredBody)
  @ApiErrorResponse(
    422,
    `The page could not be fetched or read; nothing was created. \`${JobPageErrorCode.JOB_PAGE_UNREACHABLE}\` (no connection, an HTTP error, ` +
      `too many redirects), \`${JobPageErrorCode.JOB_PAGE_REDIRECT_REFUSED}\` (a redirect to a refused address), \`${JobPageErrorCode.JOB_PAGE_TOO_LARGE}\`, ` +
      `\`${JobPageErrorCode.JOB_PAGE_TIMEOUT}\`, \`${JobPageErrorCode.JOB_PAGE_UNREADABLE}\` (not HTML, or no job title or company found: \`missing\` names them)`,
    JobPageErrorBody,
  )
  @ApiErrorResponse(503, `\`${TailoringErrorCode.QUEUE_UNAVAILABLE}\`: autoPrepare while its queue cannot take work; nothing was created`, RetryLaterBody)
  async saveFromUrl(
    @Caller() caller: ApiCaller,
    @Body() body: SaveFromUrlDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CreateApplicationResponse> {
    const result = await this.jobPages.saveFromUrl(caller, body);
    response.status(result.existing ? HttpStatus.OK : HttpStatus.CREATED);
    return result;
  }
}
