import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/auth.decorators';
import { MetricsService } from './metrics.service';

@ApiTags('Health')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Public()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (no key; expose only to your scraper)',
    description:
      'Request counts and latency per route and status, rate-limit refusals and fail-opens, tailoring queue depth and job durations, process metrics.',
  })
  @ApiOkResponse({ description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } })
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
