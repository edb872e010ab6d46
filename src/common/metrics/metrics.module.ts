import { DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { MetricsAccess } from './metrics-access';
import { MetricsController } from './metrics.controller';
import { MetricsListener } from './metrics-listener';
import { MetricsService } from './metrics.service';

/** The metrics every process records (the API and the worker alike). */
@Global()
@Module({
  providers: [MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}

/** Where the API serves `/metrics`: on its main port, or with METRICS_PORT on a listener of its own (and not on the main port). */
@Module({})
export class MetricsEndpointModule {
  static forRoot(config: AppConfig): DynamicModule {
    const ownPort = config.metrics.port !== undefined;
    return {
      module: MetricsEndpointModule,
      controllers: ownPort ? [] : [MetricsController],
      providers: ownPort ? [MetricsAccess, MetricsListener] : [MetricsAccess],
    };
  }
}
