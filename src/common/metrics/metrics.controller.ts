import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/auth.decorators';
import { ApiError } from '../errors/api-errors';
import { ErrorBody } from '../errors/error-body.dto';
import { InjectConfig } from '../../config/config.module';
import type { AppConfig } from '../../config/configuration';
import { MetricsService } from './metrics.service';

@ApiTags('Health')
@Controller('metrics')
export class MetricsController {
  /** The SHA-256 of METRICS_TOKEN: digests have one length, so the comparison takes the same time whatever is sent. */
  private readonly tokenDigest?: Buffer;

  constructor(
    private readonly metrics: MetricsService,
    @InjectConfig() config: AppConfig,
  ) {
    if (config.metrics.token) this.tokenDigest = digest(config.metrics.token);
  }

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (no API key; METRICS_TOKEN as a bearer token when the service sets one)',
    description:
      'Request counts and latency per route and status, rate-limit refusals and fail-opens, tailoring queue depth and job durations, process metrics. ' +
      'Where the service sets METRICS_TOKEN, only `Authorization: Bearer <METRICS_TOKEN>` is answered; otherwise expose it only to your scraper.',
  })
  @ApiOkResponse({ description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and the request does not carry it', type: ErrorBody })
  scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) response: Response): Promise<string> {
    if (this.tokenDigest && !timingSafeEqual(this.tokenDigest, digest(bearerToken(authorization)))) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ApiError(HttpStatus.UNAUTHORIZED, 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
    // Set here rather than with @Header, which would also label the 401's JSON as text.
    response.setHeader('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    return this.metrics.registry.metrics();
  }
}

function bearerToken(authorization: string | undefined): string {
  const match = /^Bearer (.+)$/i.exec(authorization ?? '');
  return match ? match[1] : '';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
