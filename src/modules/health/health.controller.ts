import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorResult, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { ApiTag } from '../../common/http/api-tags';
import { RedisHealthIndicator } from './redis.health';

export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], description: '`ok` when PostgreSQL and Redis both answer, `error` otherwise' })
  status: 'ok' | 'error';

  @ApiProperty({
    description: 'One entry per dependency',
    type: 'object',
    additionalProperties: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['up', 'down'] }, message: { type: 'string' } },
    },
    example: { database: { status: 'up' }, redis: { status: 'up' } },
  })
  checks: HealthIndicatorResult;
}

@ApiTag('Health', 'Health, readiness and liveness probes and Prometheus metrics, for operators; no key needed.')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  /** `/health` of the spec. */
  @Get()
  @Public()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Health (no key): 200 while PostgreSQL and Redis answer, 503 otherwise',
    description: '`checks` has one entry per dependency, e.g. `{"database": {"status": "up"}, "redis": {"status": "up"}}`.',
  })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ type: HealthResponse })
  getHealth(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    return this.check(response);
  }

  /** The readiness probe, the same check under its own operation: send traffic only while PostgreSQL and Redis answer. */
  @Get('ready')
  @Public()
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness probe (no key): 200 while PostgreSQL and Redis answer, 503 otherwise',
    description: 'The health check under the name orchestrators expect: send traffic only while it answers 200.',
  })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ type: HealthResponse })
  getReadiness(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    return this.check(response);
  }

  /** Liveness probe: the process answers; dependencies are not its business (a restart would not bring them back). */
  @Get('live')
  @Public()
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Liveness probe (no key): 200 while the process serves requests',
    description: 'Checks no dependency: a restart would not bring PostgreSQL or Redis back.',
  })
  @ApiOkResponse({ schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  private async check(response: Response): Promise<HealthResponse> {
    const result = await this.health
      .check([() => this.database.pingCheck('database', { timeout: 1_000 }), () => this.redis.check('redis')])
      .catch((error: { response?: { details?: HealthIndicatorResult } }) => ({ status: 'error' as const, details: error.response?.details ?? {} }));
    const healthy = result.status === 'ok';
    response.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: healthy ? 'ok' : 'error', checks: result.details };
  }
}
