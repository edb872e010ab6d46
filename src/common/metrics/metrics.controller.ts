import { Controller, Get, Headers, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { ApiError } from '../errors/api-errors';
import { ErrorBody } from '../errors/error-body.dto';
import { METRICS_CHALLENGE, METRICS_CONTENT_TYPE, METRICS_TOKEN_REQUIRED, MetricsAccess } from './metrics-access';
import { MetricsService } from './metrics.service';

/** `/metrics` on the main port, where METRICS_PORT does not give it a listener of its own. */
@ApiTags('Health')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly access: MetricsAccess,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (no API key; METRICS_TOKEN as a bearer token when the service sets one)',
    description:
      'Request counts and latency per route and status, rate-limit refusals and fail-opens, tailoring queue depth and job durations, process metrics. ' +
      'Where the service sets METRICS_TOKEN, only `Authorization: Bearer <METRICS_TOKEN>` is answered; otherwise expose it only to your scraper. ' +
      'Where it sets METRICS_PORT, metrics are served on that port only, and this route answers 404.',
  })
  @ApiOkResponse({ description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and the request does not carry it', type: ErrorBody })
  scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) response: Response): Promise<string> {
    if (!this.access.allows(authorization)) {
      response.setHeader('WWW-Authenticate', METRICS_CHALLENGE);
      throw new ApiError(HttpStatus.UNAUTHORIZED, METRICS_TOKEN_REQUIRED);
    }
    // Set here rather than with @Header, which would also label the 401's JSON as text.
    response.setHeader('Content-Type', METRICS_CONTENT_TYPE);
    return this.metrics.registry.metrics();
  }
}
