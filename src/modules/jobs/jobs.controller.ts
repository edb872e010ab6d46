import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Scopes } from '../../common/auth/auth.decorators';
import { ErrorBody, ValidationErrorBody } from '../../common/errors/error-body.dto';
import { ApiTag } from '../../common/openapi/tags';
import { ChangesNothing } from '../../common/idempotency/changes-nothing.decorator';
import { IdParam } from '../../common/http/id-param';
import { DEFAULT_LIMITS, RateLimit } from '../../common/rate-limit/rate-limit.decorator';
import { JobListingResponse, JobSearchDto, JobSearchResponse } from './dto/job-search.dto';
import { JobsService } from './jobs.service';
import { item } from '../../common/http/responses';

/** An exception to the default limit for creates: search is POST but counts 30 per minute. */
const SEARCH_LIMIT = 30;

@ApiTag('Jobs', 'Search the job listing database every account shares, and read a listing to track it as an application.')
@Controller('v1/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post('search')
  @ChangesNothing()
  @HttpCode(HttpStatus.OK)
  @Scopes('jobs:search')
  @RateLimit(SEARCH_LIMIT)
  @ApiOperation({
    operationId: 'searchJobs',
    summary: 'Search job listings',
    description:
      'All given filters must hold. With a `query`, listings whose title or company match it come first, then those ' +
      'that match through their description; within each, newest first. Without one, newest first. A word that ' +
      'no listing holds is read as the start of a longer word when it is the last, and otherwise corrected to the ' +
      'nearest word the listings hold; filters that exclude every match never cause either. Send `nextCursor` back ' +
      'as `cursor`, with the same filters, for the next page. `total` is exact up to 10,000 matches and ' +
      'an estimate above that; it stays the same on every page of a search.',
  })
  @ApiOkResponse({ type: JobSearchResponse })
  @ApiBadRequestResponse({ description: 'Invalid fields, unknown enumeration values, or a tampered cursor', type: ValidationErrorBody })
  search(@Body() body: JobSearchDto): Promise<JobSearchResponse> {
    return this.jobs.search(body);
  }

  @Get(':id')
  @Scopes('jobs:search')
  @RateLimit(DEFAULT_LIMITS.read)
  @ApiOperation({ operationId: 'getJob', summary: 'Read a job listing', description: 'Its id can be sent as `jobListingId` when creating an application.' })
  @ApiOkResponse({ type: JobListingResponse })
  @ApiNotFoundResponse({ type: ErrorBody })
  async get(@IdParam() id: string): Promise<JobListingResponse> {
    return item(await this.jobs.get(id));
  }
}
