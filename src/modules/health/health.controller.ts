import { applyDecorators, Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorResult, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { ReadReplicas } from '../../database/read-replicas';
import { ApiTag } from '../../common/openapi/tags';
import { RedisHealthIndicator } from './redis.health';

export class HealthResponse {
  @ApiProperty({
    enum: ['ok', 'error'],
    description: '`ok` when PostgreSQL and Redis both answer, `error` otherwise (a read replica that is down does not count: its reads go to the primary)',
  })
  status: 'ok' | 'error';

  @ApiProperty({
    description:
      'One entry per dependency, and one per read replica (`replica <host>:<port>/<database>`, with `lagMs` behind the primary; `down` when unreachable or further behind than REPLICA_MAX_LAG_MS)',
    type: 'object',
    additionalProperties: {
      type: 'object',
      required: ['status'],
      properties: { status: { type: 'string', enum: ['up', 'down'] }, message: { type: 'string' }, lagMs: { type: 'integer' } },
    },
    example: { database: { status: 'up' }, redis: { status: 'up' }, 'replica db-replica:5432/career': { status: 'up', lagMs: 0 } },
  })
  checks: HealthIndicatorResult;
}

/** A public operation answering the dependency check: 200 while PostgreSQL and Redis answer, 503 otherwise. */
const HealthCheck = (operationId: string, summary: string, description: string) =>
  applyDecorators(
    Public(),
    ApiOperation({ operationId, summary, description }),
    ApiOkResponse({ type: HealthResponse }),
    ApiServiceUnavailableResponse({ type: HealthResponse }),
  );

@ApiTag('Health', 'Health, readiness and liveness probes and Prometheus metrics, for operators; no key needed.')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly replicas: ReadReplicas,
  ) {}

  /** `/health` of the spec. */
  @Get()
  @HealthCheck('getHealth', 'Health (no key): 200 while PostgreSQL and Redis answer, 503 otherwise', '`checks` has one entry per dependency.')
  getHealth(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    return this.check(response);
  }

  /** The readiness probe: the same check, under its own operation so that each has one operationId. */
  @Get('ready')
  @HealthCheck('getReadiness', 'Readiness probe (no key): 200 while PostgreSQL and Redis answer, 503 otherwise', 'Send traffic only while it answers 200.')
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
    return { status: healthy ? 'ok' : 'error', checks: { ...result.details, ...this.replicas.reports() } };
  }
}
