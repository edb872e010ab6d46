import { Global, Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';
import { IdempotencyService } from './idempotency.service';
import { IdempotencySweep } from './idempotency.sweep';

/**
 * Idempotency keys: the service (HTTP and MCP share it), the HTTP interceptor (app.setup.ts registers it after the
 * body parser) and the sweep of expired records.
 */
@Global()
@Module({
  providers: [IdempotencyRepository, IdempotencyService, IdempotencyInterceptor, IdempotencySweep],
  exports: [IdempotencyService, IdempotencyInterceptor],
})
export class IdempotencyModule {}
