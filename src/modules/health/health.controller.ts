import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorResult, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../../common/auth/auth.decorators';
import { RedisHealthIndicator } from './redis.health';

export class HealthResponse {
  /** `ok` when PostgreSQL and Redis both answer, `error` otherwise. */
  status: 'ok' | 'error';
  /** One entry per dependency, e.g. `{"database": {"status": "up"}, "redis": {"status": "up"}}`. */
  checks: HealthIndicatorResult;
}

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  /** `/health`, also the readiness probe: send traffic only while PostgreSQL and Redis answer. */
  @Get(['', 'ready'])
  @Public()
  @ApiOperation({ summary: 'Health and readiness (no key): 200 while PostgreSQL and Redis answer, 503 otherwise' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ type: HealthResponse })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    const result = await this.health
      .check([() => this.database.pingCheck('database', { timeout: 1_000 }), () => this.redis.check('redis')])
      .catch((error: { response?: { details?: HealthIndicatorResult } }) => ({ status: 'error' as const, details: error.response?.details ?? {} }));
    const healthy = result.status === 'ok';
    response.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: healthy ? 'ok' : 'error', checks: result.details };
  }

  /** Liveness probe: the process answers; dependencies are not its business (a restart would not bring them back). */
  @Get('live')
  @Public()
  @ApiOperation({ summary: 'Liveness probe (no key): 200 while the process serves requests' })
  @ApiOkResponse({ schema: { type: 'object', properties: { status: { type: 'string', example: 'ok' } } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
